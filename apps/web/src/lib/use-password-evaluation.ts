import {
  evaluatePassword,
  type CommonPasswordList,
  type PasswordAudience,
  type PasswordEvaluation,
  type PasswordOwner,
} from '@notadoo/domain';
import { useEffect, useMemo, useState } from 'react';

let loaded: CommonPasswordList | undefined;
let loading: Promise<CommonPasswordList> | undefined;

/** The domain's common-password list (78 kB), fetched once, after the form has shown: it stays out of every page's first bundle. */
function loadCommonPasswords(): Promise<CommonPasswordList> {
  loading ??= import('@notadoo/domain/common-passwords').then((module) => (loaded = module.COMMON_PASSWORDS));
  return loading;
}

/** The list once fetched; undefined meanwhile (the other rules show at once, the server checks the list anyway). */
export function useCommonPasswords(): CommonPasswordList | undefined {
  const [list, setList] = useState(loaded);
  useEffect(() => {
    if (list) return;
    let live = true;
    loadCommonPasswords().then(
      (ready) => live && setList(ready),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [list]);
  return list;
}

/** The password as the server will judge it (issue 27): the domain's `evaluatePassword`, live. */
export function usePasswordEvaluation(password: string, audience: PasswordAudience, owner?: PasswordOwner): PasswordEvaluation {
  const commonPasswords = useCommonPasswords();
  const firstName = owner?.firstName;
  const lastName = owner?.lastName;
  const email = owner?.email;
  return useMemo(
    () => evaluatePassword(password, { audience, owner: { firstName, lastName, email }, commonPasswords }),
    [password, audience, firstName, lastName, email, commonPasswords],
  );
}
