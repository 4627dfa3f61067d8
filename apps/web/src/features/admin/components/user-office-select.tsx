import { Select } from '@mantine/core';
import { OFFICE_PICKER, type NotaryOffice, type User } from '@notadoo/domain';
import { notifySuccess } from '../../../lib/notify';
import { useNetworkOffices, useSetUserOffice } from '../api/user-office';
import { reportAdminError } from './admin-errors';

const NO_OFFICE = 'none';

/** The network's active offices, and the user's own if it has left the network (shown, not offered). */
function officeOptions(offices: readonly NotaryOffice[], current: number | null) {
  return [
    { value: NO_OFFICE, label: OFFICE_PICKER.noOffice },
    ...offices
      .filter((office) => office.active || office.id === current)
      .map((office) => ({
        value: String(office.id),
        label: office.active ? office.city : OFFICE_PICKER.inactiveOfficeLabel(office.city),
        disabled: !office.active,
      })),
  ];
}

/** The office a user is attached to, which the admin changes here (saved at once). */
export function UserOfficeSelect({ user }: { user: User }) {
  const offices = useNetworkOffices();
  const setOffice = useSetUserOffice();
  const current = user.notary_office?.id ?? null;
  const name = `${user.firstName} ${user.lastName}`;
  const onChange = (value: string | null) => {
    const office = value === null || value === NO_OFFICE ? null : Number(value);
    if (office === current) return;
    setOffice.mutate(
      { id: user.id, office, shown: current },
      {
        onSuccess: (saved) =>
          notifySuccess(saved.notary_office ? OFFICE_PICKER.attached(name, saved.notary_office.city) : OFFICE_PICKER.detached(name)),
        onError: reportAdminError,
      },
    );
  };
  return (
    <Select
      aria-label={OFFICE_PICKER.fieldLabel(name)}
      data={officeOptions(offices.data ?? [], current)}
      // Until the offices are loaded, the row still says which office the user has.
      placeholder={user.notary_office?.city ?? OFFICE_PICKER.noOffice}
      value={offices.data ? (current === null ? NO_OFFICE : String(current)) : null}
      onChange={onChange}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Aucun office ne correspond"
      disabled={!offices.data || setOffice.isPending}
      w={190}
    />
  );
}
