import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

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
      {tabs.length > 1 && (
        <Tabs.List
          aria-label={label}
          className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200 print:hidden"
        >
          {tabs.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className="min-h-11 border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary-strong data-[state=active]:text-primary-strong"
            >
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      )}
      {children}
    </Tabs.Root>
  );
}

export const PageTab = Tabs.Content;
