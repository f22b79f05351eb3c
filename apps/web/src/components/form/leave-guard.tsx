import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import type { Blocker } from 'react-router';

/** Whether `input` differs from what it was on the first render: a form with changes not saved. */
export function useSaveSnapshot(input: unknown): boolean {
  const current = JSON.stringify(input);
  const [initial] = useState(current);
  return current !== initial;
}

export interface LeaveGuard {
  blocker: Blocker;
  /** Lets the next navigation through: the changes were saved. */
  allow: () => void;
}

/**
 * While `dirty`, leaving the page asks first: a link or Back opens the dialog (LeaveDialog), a reload or
 * closing the tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return {
    blocker,
    allow: () => {
      allowed.current = true;
    },
  };
}

interface LeaveDialogProps {
  guard: LeaveGuard;
  title: string;
  text: string;
  stayLabel: string;
  leaveLabel: string;
}

/** The question a LeaveGuard asks: stay (the default) or leave without saving. */
export function LeaveDialog({ guard: { blocker }, title, text, stayLabel, leaveLabel }: LeaveDialogProps) {
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={title} centered>
      <Text data-testid="leave-dialog">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus data-testid="leave-stay">
          {stayLabel}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
          {leaveLabel}
        </Button>
      </Group>
    </Modal>
  );
}
