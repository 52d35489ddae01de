import { type ObjectStore } from '../application/ports/object-store.ts';

/** Whether stored image URLs are absolute (PUBLIC_BASE_URL or an S3 public base): exports and publishing need them so. */
export const imageUrlsAbsolute = ({ objectStore }: { readonly objectStore: ObjectStore }): boolean => /^https?:\/\//i.test(objectStore.urlFor('probe.jpg'));
