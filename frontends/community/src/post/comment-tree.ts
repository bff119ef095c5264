import type { Comment } from '@campus/contracts/community';

export interface CommentNode {
  comment: Comment;
  replies: CommentNode[];
}

/**
 * The thread from the flat, oldest-first list: each comment under its parent, in order. A comment
 * whose parent is not in the list (not loaded) shows at the top level rather than vanishing.
 */
export function buildCommentTree(comments: readonly Comment[]): CommentNode[] {
  const nodes = new Map(comments.map((comment) => [comment._id, { comment, replies: [] as CommentNode[] }]));
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.comment.parentId ? nodes.get(node.comment.parentId) : undefined;
    if (parent && parent !== node) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}
