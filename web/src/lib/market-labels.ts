/** The marketplace states of an offer as the seller reads them (docs/decisions.md, Moderation). */
export const MARKET_STATE_LABELS: Readonly<Record<string, string>> = {
  moderating: '审核中',
  declined: '审核未通过',
  on_sale: '在售',
  no_stock: '无库存',
  not_visible: '未展示',
  archived: '平台已归档',
};

export const MARKET_STATE_ORDER = ['declined', 'moderating', 'not_visible', 'no_stock', 'on_sale', 'archived'] as const;
