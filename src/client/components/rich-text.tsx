import { Fragment, type ReactNode } from 'react';
import { parseRichText, type Inline } from '../../shared/rich-text';

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => {
    if (node.kind === 'text') return <Fragment key={index}>{node.text}</Fragment>;
    if (node.kind === 'bold') return <strong key={index}>{renderInline(node.children)}</strong>;
    return (
      <a
        key={index}
        href={node.href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary-strong underline"
      >
        {node.text}
      </a>
    );
  });
}

/**
 * A notice's body: the Markdown-lite tree (shared/rich-text.ts) as React elements. Nothing typed by a
 * user becomes HTML, so a `<script>` shows as text; links are made only for http(s) and mailto.
 */
export function RichText({ source }: { source: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-gray-800">
      {parseRichText(source).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                {renderInline(line)}
              </Fragment>
            ))}
          </p>
        ) : block.ordered ? (
          <ol key={index} className="list-decimal space-y-1 pl-6">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{renderInline(item)}</li>
            ))}
          </ol>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-6">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{renderInline(item)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
