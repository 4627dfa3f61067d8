/** A project moved from one office to another (issue 13): shown to the offices and admins. */
export interface OfficeMove {
  /** ISO date and time. */
  moved_at: string;
  /** Who moved it; null once their account is gone. */
  moved_by: { firstName: string; lastName: string } | null;
  from: { id: number; city: string };
  to: { id: number; city: string };
}

/** The newest moves shown; a file is moved a handful of times at most. */
export const OFFICE_MOVES_SHOWN = 50;
