export {
  type CommentEntry,
  CommentPin,
  type CommentPinProps,
  CommentThread,
  type CommentThreadProps,
} from './comment-thread'
export {
  type MentionOption,
  MentionTextarea,
  type MentionTextareaProps,
  mentionMatches,
  mentionQuery,
} from './mention-textarea'
