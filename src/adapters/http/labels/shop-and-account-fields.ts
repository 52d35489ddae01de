/** Chinese names of the fields of shops, publishing, the marketplace's categories and the accounts. */
export const SHOP_AND_ACCOUNT_FIELDS: Readonly<Record<string, string>> = {
  // shops and publishing
  shop_id: '店铺',
  client_id: 'Client ID',
  api_key: 'API Key',
  display_name: '店铺名称',
  enabled: '启用',
  task_id: '任务',
  attribute_id: '属性',
  dictionary_id: '字典',
  category_id: '类目',
  limit: '数量上限',
  last_value_id: '起始值',
  // warehouses and stock
  default_warehouse_id: '默认仓库',
  default_stock: '默认库存',
  warehouse_id: '仓库',
  refresh: '刷新',
  // accounts
  token: '令牌',
  username: '用户名',
  password: '密码',
  old_password: '原密码',
  new_password: '新密码',
  role: '角色',
};
