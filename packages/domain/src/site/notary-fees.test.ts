import { describe, expect, it } from 'vitest';
import { estimateNotaryFees } from './notary-fees';

const FLAT = { formalities: 800, disbursements: 1_000 };

describe('the notary-fees example', () => {
  it('computes the fees bracket by bracket and a total that adds up', () => {
    const estimate = estimateNotaryFees(250_000, FLAT);
    expect(estimate.brackets.map((line) => line.amount)).toEqual([251.55, 167.58, 457.52, 1518.1]);
    expect(estimate.fees).toBe(2394.75);
    expect(estimate.vat).toBe(638.95);
    expect(estimate.transferTax).toBe(14516.63);
    expect(estimate.securityContribution).toBe(250);
    expect(estimate.total).toBeCloseTo(2394.75 + 800 + 638.95 + 14516.63 + 250 + 1000, 2);
  });

  it('allows a discount of at most 20 % of the fees on the part of the price above 100,000 € only', () => {
    // 150,000 € above the threshold, all in the 0.799 % bracket: 1,198.50 € of fees, 20 % of which.
    expect(estimateNotaryFees(250_000, FLAT).maxDiscount).toBe(239.7);
    expect(estimateNotaryFees(120_000, FLAT).maxDiscount).toBe(31.96);
    // Not 20 % of all the fees once they pass some amount: nothing below the threshold.
    expect(estimateNotaryFees(100_000, FLAT).maxDiscount).toBe(0);
    expect(estimateNotaryFees(80_000, FLAT).maxDiscount).toBe(0);
  });

  it('charges the security contribution at its minimum on a small price', () => {
    expect(estimateNotaryFees(5_000, FLAT).securityContribution).toBe(15);
  });
});
