/**
 * The worked example of the notary-fees page (route /frais-de-notaire):
 * regulated tariff of a sale, rates before VAT (code de commerce, art. A444-91),
 * and the discount an office may grant (art. R444-10): at most 20 %, on the
 * fees computed on the part of the price above 100,000 €, the same rate for
 * every client of the office. Computed rather than typed, so its figures add up.
 */

/** Proportional fees by bracket of the price. */
export const NOTARY_FEE_BRACKETS = [
  { upTo: 6_500, rate: 0.0387 },
  { upTo: 17_000, rate: 0.01596 },
  { upTo: 60_000, rate: 0.01064 },
  { upTo: Infinity, rate: 0.00799 },
] as const;

export const NOTARY_FEE_DISCOUNT = { fromPrice: 100_000, maxRate: 0.2 } as const;
export const TRANSFER_TAX_RATE = 0.0580665;
export const SECURITY_CONTRIBUTION = { rate: 0.001, minimum: 15 } as const;
export const NOTARY_FEES_VAT_RATE = 0.2;

const round = (value: number) => Math.round(value * 100) / 100;

/** The fees on the part of `price` between `from` and `to`, bracket by bracket. */
function feesBetween(price: number, from: number, to: number): number {
  let lower = 0;
  let total = 0;
  for (const { upTo, rate } of NOTARY_FEE_BRACKETS) {
    const base = Math.max(0, Math.min(price, upTo, to) - Math.max(lower, from));
    total += base * rate;
    lower = upTo;
  }
  return total;
}

export interface NotaryFeeEstimate {
  brackets: Array<{ from: number; upTo: number; rate: number; amount: number }>;
  /** Proportional fees before VAT, without discount. */
  fees: number;
  vat: number;
  transferTax: number;
  securityContribution: number;
  total: number;
  /** The largest discount the office may grant on these fees, before VAT (0 up to 100,000 €). */
  maxDiscount: number;
}

/** Fees, VAT, taxes and total of a sale at `price`, with flat `formalities` (before VAT) and `disbursements`. */
export function estimateNotaryFees(price: number, flat: { formalities: number; disbursements: number }): NotaryFeeEstimate {
  let from = 0;
  const brackets = NOTARY_FEE_BRACKETS.map(({ upTo, rate }) => {
    const line = { from, upTo, rate, amount: round(Math.max(0, Math.min(price, upTo) - from) * rate) };
    from = upTo;
    return line;
  }).filter((line) => line.amount > 0);
  const fees = round(brackets.reduce((sum, line) => sum + line.amount, 0));
  const vat = round((fees + flat.formalities) * NOTARY_FEES_VAT_RATE);
  const transferTax = round(price * TRANSFER_TAX_RATE);
  const securityContribution = round(Math.max(SECURITY_CONTRIBUTION.minimum, price * SECURITY_CONTRIBUTION.rate));
  const total = round(fees + flat.formalities + vat + transferTax + securityContribution + flat.disbursements);
  const maxDiscount = round(feesBetween(price, NOTARY_FEE_DISCOUNT.fromPrice, Infinity) * NOTARY_FEE_DISCOUNT.maxRate);
  return { brackets, fees, vat, transferTax, securityContribution, total, maxDiscount };
}
