export { EncryptedFileTokenStore } from './encrypted-file-store.js';
export { type LoopbackRedirect, type LoopbackRedirectOptions, loopbackRedirect } from './loopback.js';
