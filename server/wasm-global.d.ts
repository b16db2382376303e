// Node has V8's WebAssembly global; @types/node leaves it out (the DOM lib declares it for browsers),
// and sql.js reports a crashed instance with this error class.
declare namespace WebAssembly {
  class RuntimeError extends Error {}
}
