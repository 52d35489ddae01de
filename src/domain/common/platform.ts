/** Source platform literals, in the order the interface lists them: the marketplace, then the two sourcing sites. */
export const PLATFORMS = ['ozon', '1688', 'taobao'] as const;
export type Platform = (typeof PLATFORMS)[number];
