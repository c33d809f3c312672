import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A screen's row of tabs. On a narrow screen (a teacher's phone, or many tabs at 1366 px) the tabs wrap
 * onto another line: a row that scrolled sideways cut the last one ('Diário de class…') with no sign
 * there was more. Narrower padding on a phone keeps three tabs ('Chamada', 'Resumo do mês', 'Diário de
 * classe') on one line at 390 px.
 */
export function PageTabList({
  label,
  tabs,
  className = '',
}: {
  label: string;
  tabs: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <Tabs.List
      aria-label={label}
      className={`flex flex-wrap gap-x-1 border-b border-gray-200 print:hidden ${className}`}
    >
      {tabs.map((item) => (
        <Tabs.Trigger
          key={item.value}
          value={item.value}
          className="min-h-11 border-b-2 border-transparent px-3 py-2 sm:px-4 text-sm font-medium whitespace-nowrap text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary-strong data-[state=active]:text-primary-strong"
        >
          {item.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** A screen's tabs (the tab lives in the URL through `useTabParam`); one style for every screen. */
export function PageTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Tabs.Root value={value} onValueChange={onChange}>
      {tabs.length > 1 && <PageTabList label={label} tabs={tabs} className="mb-4" />}
      {children}
    </Tabs.Root>
  );
}

export const PageTab = Tabs.Content;
