import { describe, expect, it } from 'vitest';
import { itemsValue } from './values.js';

const item = (description: string, amount: number) => ({ item: { description, quantity: 1, unit_price: amount, amount }, page: 1, boxes: [] });

describe('line items as a value', () => {
  it('doubts a table whose item descriptions hold no words: its columns were not told apart', () => {
    const doubted = itemsValue([item('1', 3.89), item('2', 5.39)])!;
    expect(doubted.problems).toEqual(['LOW_CONFIDENCE']);
    expect(doubted.reason).toMatch(/"1", with no words/);
    expect(itemsValue([item('Small Business Exchange 2010', 3.89), item('A4 paper', 5.39)])!.problems ?? []).toEqual([]);
  });
});
