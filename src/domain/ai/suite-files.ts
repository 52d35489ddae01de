/**
 * File names of a suite's images (docs/decisions.md, AI): `01-<title>.jpg`, built from the plan titles, unique within
 * the suite and safe on every OS (no separators, reserved characters, control characters, trailing dots or
 * spaces; short enough for any file system). Letters of any script are kept, so Chinese titles stay readable.
 */
const MAX_TITLE_CHARS = 40;

/** The title part of a file name: letters and digits kept, every other run of characters becomes one `-`. */
export function safeTitle(title: string, fallback: string): string {
  const cleaned = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...cleaned].slice(0, MAX_TITLE_CHARS).join('').replace(/-+$/, '');
  const name = cut || fallback;
  return WINDOWS_DEVICE_NAME.test(name) ? `_${name}` : name;
}

/**
 * Names Windows keeps for devices, in any case, alone or before an extension (`CON`, `nul.jpg`): a folder or file so
 * named cannot be made or opened when the archive is unpacked there. `¹²³` count as digits to Windows, and to `\p{N}`.
 */
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * One name per image, in order. The position prefix makes them unique; a case-insensitive check guards
 * file systems that fold case all the same.
 */
export function suiteFileNames(images: readonly { readonly title: string; readonly fallback: string }[]): string[] {
  const width = Math.max(2, String(images.length).length);
  const seen = new Set<string>();
  return images.map((image, index) => {
    const prefix = String(index + 1).padStart(width, '0');
    let name = `${prefix}-${safeTitle(image.title, image.fallback)}.jpg`;
    for (let n = 2; seen.has(name.toLowerCase()); n += 1) name = `${prefix}-${safeTitle(image.title, image.fallback)}-${n}.jpg`;
    seen.add(name.toLowerCase());
    return name;
  });
}
