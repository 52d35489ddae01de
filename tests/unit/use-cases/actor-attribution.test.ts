import { describe, expect, it } from 'vitest';
import { type Actor } from '../../../src/domain/accounts/actor.ts';
import { catalogKit } from './catalog-kit.ts';

const anna: Actor = { name: 'anna', ip: '10.0.0.7' };
const boris: Actor = { name: 'boris', ip: '10.0.0.8' };

describe('who acts is passed to the use cases, not read from the request (docs/decisions.md, Accounts)', () => {
  it('names the creator as author and last editor, and each later editor as last editor; the answer says the same as the store', async () => {
    const kit = catalogKit();
    const created = await kit.createProduct({ name: 'Кружка', actor: anna });
    expect(created).toMatchObject({ created_by: 'anna', updated_by: 'anna' });
    expect(await kit.products.findById(created.id)).toMatchObject({ created_by: 'anna', updated_by: 'anna' });
    const edited = await kit.updateProduct({ id: created.id, changes: { name: 'Чашка' }, actor: boris });
    expect(edited).toMatchObject({ created_by: 'anna', updated_by: 'boris' });
    expect(await kit.products.findById(created.id)).toMatchObject({ created_by: 'anna', updated_by: 'boris', name: 'Чашка' });
  });

  it('a write no one made (no actor) keeps the last editor', async () => {
    const kit = catalogKit();
    const created = await kit.createProduct({ name: 'Кружка', actor: anna });
    await kit.updateProduct({ id: created.id, changes: { name: 'Чашка' } });
    expect(await kit.products.findById(created.id)).toMatchObject({ created_by: 'anna', updated_by: 'anna', name: 'Чашка' });
    const anonymous = await kit.createProduct({ name: 'Полка' });
    expect(await kit.products.findById(anonymous.id)).toMatchObject({ created_by: null, updated_by: null });
  });
});
