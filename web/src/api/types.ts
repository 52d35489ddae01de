/**
 * The API shapes the page reads, taken from the server's own TypeBox schemas (type-only imports: nothing of
 * the server is bundled). Only what the server does not publish as a schema is declared here.
 */
import type { Static } from '@sinclair/typebox';
import type { CopyResponse, ModelEntry } from '../../../src/adapters/http/schemas/ai.ts';
import type { AssetListReply } from '../../../src/adapters/http/schemas/assets.ts';
import type { UploadBytesReply } from '../../../src/adapters/http/schemas/materials.ts';
import type { FxResponse } from '../../../src/adapters/http/schemas/pricing.ts';
import type { ProductDetail as ProductSchema, ProductListResponse, ProductSummary as SummarySchema } from '../../../src/adapters/http/schemas/products.ts';
import type {
  EditedImageResponse,
  PlanItem as PlanItemSchema,
  PlanResponse,
  SuiteIdResponse,
  SuiteJobResponse,
} from '../../../src/adapters/http/schemas/suite.ts';
import type { UserBody, UserListBody } from '../../../src/adapters/http/schemas/users.ts';
import type { Product } from '../../../src/domain/catalog/product.ts';
import type { SessionUser } from './session.ts';

/** `POST /api/auth/login` (docs/decisions.md, Accounts; `user` for user-name logins). */
export type LoginResponse = { readonly access_token: string; readonly token_type: 'Bearer'; readonly expires_at: string; readonly user?: SessionUser };
export type UserEntry = Static<typeof UserBody>;
export type UserList = Static<typeof UserListBody>;
export type ProductSummary = Static<typeof SummarySchema>;
export type ProductList = Static<typeof ProductListResponse>;
export type AssetList = Static<typeof AssetListReply>;
export type Asset = AssetList['items'][number];
/** The detail view; typed as the domain Product too, so the bundled domain functions accept it. */
export type ProductDetail = Static<typeof ProductSchema> & Product;
export type FxRate = Static<typeof FxResponse>;
export type AiModel = Static<typeof ModelEntry>;
export type CopyResult = Static<typeof CopyResponse>;
export type PlanItem = Static<typeof PlanItemSchema>;
export type SuitePlan = Static<typeof PlanResponse>;
export type SuiteId = Static<typeof SuiteIdResponse>;
export type SuiteJob = Static<typeof SuiteJobResponse>;
export type EditedImage = Static<typeof EditedImageResponse>;
export type UploadReply = Static<typeof UploadBytesReply>;

/** A collected text in `raw.texts`. */
export type CollectedText = { readonly kind: string; readonly content: string; readonly pairs?: readonly { key: string; value: string }[] };
