import type { ProductApi } from './api';
import { PARIS_OFFICE_ID } from './accounts';

export interface NewProject {
  name: string;
  /** `house` unless said. */
  subtype?: 'house' | 'appt' | 'land';
  /** The creator's role in the file, `seller` unless said. */
  role?: 'seller' | 'buyer' | 'intermediary' | 'office';
  /** The office chosen for the file: Paris unless said, none with `null`. */
  office?: number | null;
}

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Asks for intermediary rights at signup. */
  intermediary?: boolean;
  /** The invitation of a mail's link, joining the inviting file. */
  invitation?: string | null;
}

/**
 * What a journey needs before its first page, made through the API as a
 * client script would: each test seeds its own starting point, so that it
 * runs alone, in any order, and whatever another test did.
 */
export interface Seed {
  /** A realty file created by the holder of `token`, with its office chosen; answers its id. */
  project(token: string, project: NewProject): Promise<number>;
  /** Sets a file's status (2 review, 3 sent, 4..., 5 signed), as the holder of `token` may. */
  projectStatus(token: string, projectId: number, status: number): Promise<void>;
  /** A new account signed up through the API; answers its session token. */
  signUp(person: NewPerson): Promise<string>;
  /** The id of the network's office in `city`. */
  officeId(city: string): Promise<number>;
}

export function seedThrough(api: ProductApi): Seed {
  return {
    async project(token, { name, subtype = 'house', role = 'seller', office = PARIS_OFFICE_ID }) {
      const { id } = await api.call<{ id: number }>('POST', 'project', { name, type: 'realty', subtype, role }, token);
      if (office !== null) await api.call('PATCH', `project/${id}`, { office }, token);
      return id;
    },
    async projectStatus(token, projectId, status) {
      await api.call('PATCH', 'project/status', { id: projectId, status }, token);
    },
    async signUp({ firstName, lastName, email, password, intermediary = false, invitation }) {
      const { token } = await api.call<{ token: string }>('POST', 'users/signup', {
        login: email,
        email,
        password,
        passwordConfirm: password,
        firstName,
        lastName,
        intermediary: intermediary ? true : 'no',
        ...(invitation ? { invitation } : {}),
      });
      return token;
    },
    async officeId(city) {
      const offices = await api.call<Array<{ id: number; city: string }>>('GET', 'notaryoffices');
      const office = offices.find((o) => o.city === city);
      if (!office) throw new Error(`aucun office à ${city}`);
      return office.id;
    },
  };
}
