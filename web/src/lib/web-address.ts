/** True for an http(s) address: only those become links (a stored `javascript:` from before the server refused it stays text). */
export const isWebAddress = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\//i.test(url.trim());
