// Lets a thread (a worker between slices of a long task) read its messages and take its
// turns, then go on.

/**
 * Resolves once the messages waiting for this thread have been read: a MessageChannel's
 * message, not setTimeout(0), which browsers hold back to 4 ms once timeouts nest.
 * @returns {Promise<void>}
 */
export const yieldToMessages = () => new Promise((resolve) => {
  if (typeof MessageChannel !== 'function') { setTimeout(resolve, 0); return; }
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => { port1.close(); resolve(); };
  port2.postMessage(null);
});
