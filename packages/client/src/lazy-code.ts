// The code a first call does not need to run, or not before its request is out: `listen()`'s run
// loop, the response cache and the answering of input requests. Loaded with `import()` on first use
// of any of them (`lazy-code-loader.ts`), so a bundler puts the three in one chunk of their own, out
// of the first one: one chunk compresses better than three. None of them imports anything from the
// first chunk at run time (see `ListenKit`, `CacheKit`, `InputKit`).

export { clientCache } from './cache.js';
export { inputAnswers } from './input-answers.js';
export { runListen } from './listen-run.js';
