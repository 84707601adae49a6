/** Exact cents of a decimal string such as "1250.5" or "-3.07": money is compared without floating point. */
export function toCents(decimal: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a money amount: ${decimal}`);
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign ? -cents : cents;
}
