import { List, Progress, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  describePasswordRule,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_MESSAGES,
  STAFF_PASSWORD_MIN_BITS,
  type PasswordAudience,
  type PasswordOwner,
} from '@notadoo/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { usePasswordEvaluation } from '../lib/use-password-evaluation';

interface PasswordChecklistProps {
  password: string;
  /** Referenced by the password input's aria-describedby. */
  id: string;
  /** `staff`: office members and admins, who also see the strength meter of the CNIL rule (issue 27). */
  audience?: PasswordAudience;
  /** Whose password it is: one built from their name or address is refused. */
  owner?: PasswordOwner;
}

/**
 * The password rule, each part ticked live as the user types; for staff, the
 * strength against the 80 bits of the CNIL; and the reason a password would
 * be refused (common, trivial, personal, too weak), said by a polite live region.
 */
export function PasswordChecklist({ password, id, audience = 'client', owner }: PasswordChecklistProps) {
  const rule = describePasswordRule(password);
  const evaluation = usePasswordEvaluation(password, audience, owner);
  const items = [
    { key: 'length', met: rule.longEnough, label: `Plus de ${PASSWORD_MIN_LENGTH - 1} caractères` },
    { key: 'digit', met: rule.hasDigit, label: 'Au moins 1 chiffre' },
  ];
  // The checklist already says what the specification's rule misses; the other reasons are said in words.
  const reason = password !== '' && evaluation.refusal !== null && evaluation.refusal !== 'specRule' ? evaluation.message : null;
  const strength = Math.min(100, Math.round((evaluation.bits / STAFF_PASSWORD_MIN_BITS) * 100));
  return (
    <div id={id}>
      <Text size="xs" c="dimmed">
        {MESSAGES.passwordHint}
      </Text>
      {audience === 'staff' && (
        <Text size="xs" c="dimmed">
          {PASSWORD_POLICY_MESSAGES.staffHint}
        </Text>
      )}
      <List size="sm" spacing={2} mt={4} aria-live="polite" aria-label="Règles du mot de passe">
        {items.map((item) => (
          <List.Item
            key={item.key}
            data-met={item.met}
            icon={
              <ThemeIcon color={item.met ? 'teal' : 'gray'} size={18} radius="xl" aria-hidden>
                {item.met ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {item.label}
            <VisuallyHidden>{item.met ? ' : respecté' : ' : non respecté'}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
      {audience === 'staff' && (
        <>
          <Progress.Root mt={6}>
            <Progress.Section
              value={strength}
              color={
                evaluation.bits >= STAFF_PASSWORD_MIN_BITS ? 'teal' : evaluation.bits >= STAFF_PASSWORD_MIN_BITS / 2 ? 'orange' : 'red'
              }
              withAria={false}
              role="progressbar"
              aria-label="Robustesse du mot de passe"
              aria-valuemin={0}
              aria-valuemax={STAFF_PASSWORD_MIN_BITS}
              aria-valuenow={Math.min(evaluation.bits, STAFF_PASSWORD_MIN_BITS)}
              aria-valuetext={`${evaluation.bits} bits sur les ${STAFF_PASSWORD_MIN_BITS} demandés`}
            />
          </Progress.Root>
          <Text size="xs" mt={2} aria-live="polite" data-testid="password-strength">
            Robustesse : {evaluation.bits} bits sur les {STAFF_PASSWORD_MIN_BITS} demandés
          </Text>
        </>
      )}
      <Text size="sm" c="red.8" mt={4} role="status" aria-live="polite">
        {reason}
      </Text>
    </div>
  );
}
