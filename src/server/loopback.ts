/** Loopback addresses and names: where the embedded server listens, and the only Host names it answers to. */

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

/** A listen address or host name that only this machine reaches. */
export function isLoopbackAddress(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A Host header naming this machine (any port). */
export function isLoopbackHostHeader(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const name = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.replace(/:\d*$/, '');
  return isLoopbackAddress(name);
}
