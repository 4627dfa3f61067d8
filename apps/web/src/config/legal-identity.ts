/**
 * Who publishes the site, as the legal notice and the network page state it:
 * build-time settings (`VITE_NETWORK_COMPANY`, `VITE_NETWORK_ADDRESS`,
 * `VITE_NETWORK_RCS`). Unset, the pages say the details are given on request
 * rather than show made-up ones.
 */
export interface LegalIdentity {
  /** Legal name and form, e.g. "Notadoo SAS, société par actions simplifiée au capital de 50 000 €". */
  company: string;
  /** Registered address, e.g. "12 rue de la Paix, 75002 Paris". */
  address: string | undefined;
  /** Trade register entry, e.g. "RCS Paris 912 345 678". */
  rcs: string | undefined;
}

/** Said where a detail is not configured, instead of a made-up one. */
export const LEGAL_DETAILS_ON_REQUEST = "L'adresse du siège social et le numéro d'immatriculation sont communiqués sur simple demande.";

/** Whether both the address and the trade register entry are known. */
export function hasLegalDetails(identity: LegalIdentity): boolean {
  return identity.address !== undefined && identity.rcs !== undefined;
}

/** A SIREN is nine digits whose Luhn sum is a multiple of ten (INSEE); a typo rarely passes. */
export function isValidSiren(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char);
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return sum % 10 === 0;
}

/** "RCS <greffe> <SIREN>", the SIREN written with or without spaces. */
const RCS_PATTERN = /^RCS\s+(\S.*?)\s+(\d{3}\s?\d{3}\s?\d{3})$/;

const clean = (value: string | undefined) => value?.trim().replace(/\s+/g, ' ') || undefined;

/** Reads the three settings; `problems` gets one French line per bad value. */
export function readLegalIdentity(env: Record<string, string | undefined>, networkName: string, problems: string[]): LegalIdentity {
  const company = clean(env.VITE_NETWORK_COMPANY) ?? networkName;
  const address = clean(env.VITE_NETWORK_ADDRESS);
  const rcs = clean(env.VITE_NETWORK_RCS);
  if (company.length > 200) problems.push('VITE_NETWORK_COMPANY doit faire au plus 200 caractères.');
  if (address !== undefined && (address.length < 5 || address.length > 200))
    problems.push('VITE_NETWORK_ADDRESS doit faire entre 5 et 200 caractères.');
  const match = rcs === undefined ? null : RCS_PATTERN.exec(rcs);
  if (rcs !== undefined && (!match || !isValidSiren(match[2]!.replace(/\s/g, '')))) {
    problems.push(
      'VITE_NETWORK_RCS doit avoir la forme « RCS <ville du greffe> <numéro SIREN à 9 chiffres> », avec un numéro SIREN valide.',
    );
  }
  return { company, address, rcs };
}
