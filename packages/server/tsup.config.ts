import { packageBuild } from '../../tsup.package.js';

export default packageBuild({ index: 'src/index.ts', zod3: 'src/zod3.ts' });
