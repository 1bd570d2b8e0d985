// The JSON editor: CodeMirror 6 with highlighting, folding, bracket matching, undo, wrapped lines, and the
// problems of the text marked where they are (JSON syntax, then the schema's violations by field). It lives in the
// operation's chunk: the first screen never loads it.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { EditorState, StateEffect } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { FieldViolation } from '../../../../src/index';
import { fieldRange } from './json-positions';

// Colours from the page's theme variables, so light and dark both keep their contrast.
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--link)' },
  { tag: tags.string, color: 'var(--ok)' },
  { tag: tags.number, color: 'var(--put)' },
  { tag: [tags.bool, tags.null], color: 'var(--patch)' },
  { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: 'var(--muted)' },
]);

const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--bg-code)', color: 'var(--fg)', border: '1px solid var(--border)', borderRadius: '6px' },
  '&.cm-focused': { outline: '2px solid var(--focus)' },
  '.cm-content': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', caretColor: 'var(--fg)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-soft)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '.cm-scroller': { maxHeight: '28em', minHeight: '6em' },
});

interface CodeEditorProps {
  readonly labelledBy: string;
  readonly describedBy: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The schema's violations of `checkedText` (marks are placed only while the text is still that). */
  readonly violations: readonly FieldViolation[] | undefined;
  readonly checkedText: string;
  readonly root: string;
  readonly testId: string;
}

const parseProblems = jsonParseLinter();

// Violations arrive after the text they judge: a lint run that finished before them found none, and
// forceLinting alone does nothing once no run is pending, so their arrival schedules a run of its own.
const violationsArrived = StateEffect.define<null>();

export const CodeEditor = ({ labelledBy, describedBy, value, onChange, violations, checkedText, root, testId }: CodeEditorProps) => {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const checked = useRef({ text: checkedText, violations, root });
  checked.current = { text: checkedText, violations, root };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; later values arrive through the effects below.
  useEffect(() => {
    const lint = linter(
      (current): Diagnostic[] => {
        const text = current.state.doc.toString();
        if (text.trim() === '') return [];
        const syntax = parseProblems(current);
        if (syntax.length > 0) return syntax;
        const { text: seen, violations: found, root: name } = checked.current;
        if (seen !== text || !found) return [];
        return found.flatMap((violation) => {
          const range = fieldRange(current.state, violation.field, name);
          return range
            ? [{ ...range, severity: 'error' as const, message: `${violation.field}: ${violation.description}`, source: 'schema' }]
            : [];
        });
      },
      {
        delay: 200,
        needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(violationsArrived))),
      },
    );
    const editor = new EditorView({
      parent: host.current ?? undefined,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          json(),
          syntaxHighlighting(highlight),
          lint,
          theme,
          EditorView.lineWrapping,
          keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap]),
          EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy, 'aria-describedby': describedBy, 'data-testid': testId }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside (another example, Format, a replay) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new violations are the reason to mark again.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({ effects: violationsArrived.of(null) });
    forceLinting(editor);
  }, [violations, checkedText]);

  return <div ref={host} className="code-editor" />;
};
