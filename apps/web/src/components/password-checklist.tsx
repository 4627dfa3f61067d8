import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { describePasswordRule, MESSAGES, PASSWORD_MIN_LENGTH } from '@notadoo/domain';
import { IconCheck, IconX } from '@tabler/icons-react';

interface PasswordChecklistProps {
  password: string;
  /** Referenced by the password input's aria-describedby. */
  id: string;
}

/** The password rule, each part ticked live as the user types. */
export function PasswordChecklist({ password, id }: PasswordChecklistProps) {
  const rule = describePasswordRule(password);
  const items = [
    { key: 'length', met: rule.longEnough, label: `Plus de ${PASSWORD_MIN_LENGTH - 1} caractères` },
    { key: 'digit', met: rule.hasDigit, label: 'Au moins 1 chiffre' },
  ];
  return (
    <div id={id}>
      <Text size="xs" c="dimmed">
        {MESSAGES.passwordHint}
      </Text>
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
    </div>
  );
}
