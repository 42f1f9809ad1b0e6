import { packageBuild } from '../../tsup.package.js';

export default packageBuild({
  index: 'src/index.ts',
  'server/index': 'src/server/index.ts',
  'node/index': 'src/node/index.ts',
});
