export {
  canonicalResourceUri,
  type ProtectedResource,
  type ProtectedResourceConfig,
  protectedResource,
  resourceMetadataUrl,
} from './resource-metadata.js';
