/**
 * Decision points per function: if, ?:, case (not default), for/for-in/for-of/while/do, catch, and the
 * short-circuit operators && || ?? (and &&= ||= ??=), and each optional chain link (?.). A nested
 * function's decisions are its own, not its parent's. Code outside every function (module top level,
 * class field initialisers) is not reported. Pure: source text in, one row per function with a body out, in source order.
 */
import ts from "typescript";

export interface FunctionDecisions {
  name: string;
  line: number;
  decisions: number;
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.AccessorDeclaration
  | ts.ConstructorDeclaration;

const FUNCTION_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.Constructor,
]);

const DECISION_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.ConditionalExpression,
  ts.SyntaxKind.CaseClause,
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
  ts.SyntaxKind.CatchClause,
]);

const DECISION_OPERATORS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

/** Wrappers that do not change which name a function expression is known by. */
const TRANSPARENT_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.ParenthesizedExpression,
  ts.SyntaxKind.AsExpression,
  ts.SyntaxKind.SatisfiesExpression,
  ts.SyntaxKind.NonNullExpression,
  ts.SyntaxKind.TypeAssertionExpression,
]);

/** Overloads, abstract methods and `declare function` have no body and are not counted. */
const isCountedFunction = (node: ts.Node): node is FunctionLike =>
  FUNCTION_KINDS.has(node.kind) && (node as FunctionLike).body !== undefined;

/** `a?.b`, `a?.[i]`, `f?.()`: an optional chain is a branch too. */
const isOptionalLink = (node: ts.Node): boolean =>
  (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node)) && node.questionDotToken !== undefined;

const isDecision = (node: ts.Node): boolean =>
  DECISION_KINDS.has(node.kind) || isOptionalLink(node) || (ts.isBinaryExpression(node) && DECISION_OPERATORS.has(node.operatorToken.kind));

export function decisionCounts(sourceText: string, fileName: string): FunctionDecisions[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, kind);
  const rows: FunctionDecisions[] = [];
  const visit = (node: ts.Node, current: FunctionDecisions | undefined): void => {
    let owner = current;
    if (isCountedFunction(node)) {
      owner = { name: functionName(node, sf), line: lineOf(node, sf), decisions: 0 };
      rows.push(owner);
    } else if (owner && isDecision(node)) {
      owner.decisions += 1;
    }
    ts.forEachChild(node, (child) => visit(child, owner));
  };
  visit(sf, undefined);
  return rows;
}

const lineOf = (node: ts.Node, sf: ts.SourceFile): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

function functionName(node: FunctionLike, sf: ts.SourceFile): string {
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    const own = ts.isFunctionExpression(node) ? node.name?.text : undefined;
    return contextName(node, sf) ?? own ?? `<anonymous>@${lineOf(node, sf)}`;
  }
  if (ts.isFunctionDeclaration(node)) return node.name?.text ?? `<anonymous>@${lineOf(node, sf)}`;
  if (ts.isConstructorDeclaration(node)) return memberName(node, "constructor");
  const prefix = ts.isGetAccessorDeclaration(node) ? "get " : ts.isSetAccessorDeclaration(node) ? "set " : "";
  return prefix + memberName(node, propertyText(node.name, sf));
}

/** The name a function expression is known by where it stands: `const x =`, `x:`, a class field, `a.b =`. */
function contextName(node: ts.Expression, sf: ts.SourceFile): string | undefined {
  let inner: ts.Node = node;
  while (TRANSPARENT_KINDS.has(inner.parent.kind)) inner = inner.parent;
  const p = inner.parent;
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (ts.isPropertyAssignment(p)) return propertyText(p.name, sf);
  if (ts.isPropertyDeclaration(p)) return memberName(p, propertyText(p.name, sf));
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === inner) return p.left.getText(sf);
  return undefined;
}

/** `Class.name` for class members; the bare name for object-literal members. */
function memberName(node: ts.Node, name: string): string {
  const owner = node.parent;
  if (!ts.isClassLike(owner)) return name;
  return `${owner.name?.text ?? "<class>"}.${name}`;
}

const propertyText = (name: ts.PropertyName, sf: ts.SourceFile): string =>
  ts.isComputedPropertyName(name) ? name.getText(sf) : name.text;
