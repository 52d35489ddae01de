import { describe, expect, it } from 'vitest';
import { useEditorStack } from './editor-stack.ts';
import { POLL, attr, shot, text } from './stack.ts';

describe('the editor speaks to a seller in Chromium: pre-filled values, sources, legal moves, marked fields, archive', () => {
  const e = useEditorStack();

  it('marks cost and weight filled in from the collected texts, until the seller changes them', async () => {
    await e.open();
    expect(await e.stack.page.inputValue('#f-pricing-cost_cny')).toBe('18.5');
    expect(await e.stack.page.inputValue('#f-weight_g')).toBe('320');
    expect(await e.stack.page.isVisible('#f-pricing-cost_cny-prefilled')).toBe(true);
    expect(await e.stack.page.isVisible('#f-weight_g-prefilled')).toBe(true);
    await e.stack.page.fill('#f-pricing-cost_cny', '19');
    await expect.poll(() => e.stack.page.isVisible('#f-pricing-cost_cny-prefilled'), POLL).toBe(false);
    expect(await e.stack.page.isVisible('#f-weight_g-prefilled')).toBe(true);
  });

  it('shows every source and the collected texts under Chinese names, with the parameter pairs', async () => {
    const sources = await e.stack.page.locator('#collected-sources li').evaluateAll((items) => items.map((item) => item.getAttribute('data-platform')));
    expect(sources.sort()).toEqual(['1688', 'taobao']);
    expect(await text(e.stack.page, '#collected-texts')()).toContain('价格');
    expect(await text(e.stack.page, '#collected-texts')()).not.toContain('selling_point');
    expect(await text(e.stack.page, '#collected-pairs')()).toContain('材质');
  });

  it('offers only legal moves: a collected product lists what blocks 待上架 instead of a dead-end button', async () => {
    expect(await text(e.stack.page, '.editor-title .stage')()).toBe('已采集');
    expect(await e.stack.page.isDisabled('#stage-ready')).toBe(true);
    expect(await e.stack.page.locator('#stage-editing').count()).toBe(0);
    await expect.poll(text(e.stack.page, '#ready-checks'), POLL).toContain('才能标记为待上架');
    await e.stack.page.click('#ready-checks li[data-path="/offer_id"] button');
    expect(await e.stack.page.evaluate(() => document.activeElement?.id)).toBe('f-offer_id');
    // From another tab the same link switches tab first, then reaches the field (issue 32 item 3).
    await e.stack.page.click('#tab-images');
    await expect.poll(() => e.stack.page.isHidden('#f-offer_id'), POLL).toBe(true);
    await e.stack.page.click('#ready-checks li[data-path="/offer_id"] button');
    await expect.poll(() => e.stack.page.evaluate(() => document.activeElement?.id), POLL).toBe('f-offer_id');
    expect(e.stack.page.url()).not.toContain('tab=images');
  });

  it('marks the field the server refused with its Chinese message (a markup of 5000 %)', async () => {
    await e.stack.page.fill('#f-pricing-markup_percent', '5000');
    await e.stack.page.locator('#f-name').focus();
    await expect.poll(attr(e.stack.page, '#save-state [data-status]', 'data-status'), POLL).toBe('invalid');
    await expect.poll(text(e.stack.page, '#f-pricing-markup_percent-message'), POLL).toContain('加价率');
    expect(await e.stack.page.getAttribute('#f-pricing-markup_percent', 'aria-invalid')).toBe('true');
    expect(await text(e.stack.page, '#save-state')()).not.toMatch(/must|\/pricing/u);
    await e.stack.page.evaluate(() => window.scrollTo(0, 0));
    await shot(e.stack.page, '24-editor-422-marked-field');
    await e.stack.page.fill('#f-pricing-markup_percent', '40');
    await expect.poll(attr(e.stack.page, '#save-state [data-status]', 'data-status'), POLL).toBe('saved');
    expect(await e.stack.page.getAttribute('#f-pricing-markup_percent', 'aria-invalid')).toBe('false');
  });

  it('shows an archived product read-only with a restore button', async () => {
    await e.stack.page.click('#stage-archive');
    await expect.poll(text(e.stack.page, '.editor-title .stage'), POLL).toBe('已归档');
    expect(await e.stack.page.isVisible('#archived-notice')).toBe(true);
    expect(await e.stack.page.isDisabled('#f-name')).toBe(true);
    expect(await e.stack.page.isDisabled('#f-pricing-cost_cny')).toBe(true);
    await shot(e.stack.page, '25-editor-archived-read-only');
    await e.stack.page.click('#stage-restore');
    await expect.poll(text(e.stack.page, '.editor-title .stage'), POLL).toBe('编辑中');
    expect(await e.stack.page.isDisabled('#f-name')).toBe(false);
    expect(await e.stack.page.isVisible('#archived-notice')).toBe(false);
  });
});
