import { packageBuild } from '../../tsup.package.js';

export default packageBuild({ index: 'src/index.ts', 'node/index': 'src/node/index.ts' });
