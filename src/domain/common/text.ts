/** Han ideographs (CJK Unified Ideographs and extensions, compatibility ideographs): what the marketplace rejects. */
const CHINESE = /\p{Script=Han}/u;

/** True when the text contains at least one Chinese character. */
export const hasChinese = (text: string): boolean => CHINESE.test(text);
