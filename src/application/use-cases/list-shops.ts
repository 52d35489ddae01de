import { type ShopRepository } from '../ports/shop-repository.ts';
import { type Shop } from '../../domain/shops/shop.ts';

export type ListShopsDeps = { readonly shops: ShopRepository };
export type ListShopsInput = { readonly page: number; readonly pageSize: number };
export type ListShops = (input: ListShopsInput) => Promise<{ total: number; items: Shop[] }>;

export const makeListShops =
  ({ shops }: ListShopsDeps): ListShops =>
  (input) =>
    shops.list(input);
