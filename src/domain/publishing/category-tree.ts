/** The shape of the marketplace's category tree the domain reads: categories nest, product types are leaves. */
export type TreeNode = {
  readonly description_category_id?: number;
  readonly type_id?: number;
  readonly disabled: boolean;
  readonly children: readonly TreeNode[];
};

export type TypePlacement = 'ok' | 'disabled' | 'unknown';

/** `category:type` → whether products can be created there, for every type under its nearest category. */
export function indexTypes(tree: readonly TreeNode[]): ReadonlyMap<string, boolean> {
  const index = new Map<string, boolean>();
  const walk = (nodes: readonly TreeNode[], categoryId: number | undefined, disabledAbove: boolean): void => {
    for (const node of nodes) {
      const disabled = disabledAbove || node.disabled;
      if (node.type_id !== undefined && categoryId !== undefined) index.set(`${categoryId}:${node.type_id}`, !disabled);
      walk(node.children, node.description_category_id ?? categoryId, disabled);
    }
  };
  walk(tree, undefined, false);
  return index;
}

/** Whether the category and type pair exists in the tree and accepts new products. */
export function placeType(index: ReadonlyMap<string, boolean>, categoryId: number, typeId: number): TypePlacement {
  const enabled = index.get(`${categoryId}:${typeId}`);
  return enabled === undefined ? 'unknown' : enabled ? 'ok' : 'disabled';
}
