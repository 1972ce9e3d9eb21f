import { i18n } from '../i18n'

/**
 * The Developer settings' words, kept beside the screen rather than in the app's catalogues (they load with
 * the screen's chunk); merged into the app's one namespace under `developer`.
 */
const en = {
  title: 'Developer settings',
  intro:
    'API keys let your own software create images with Templet through the developer API (/v1). Treat a key like a password.',
  docs: 'API reference',
  createTitle: 'Create an API key',
  name: 'Name',
  nameHint: 'Where the key is used, e.g. “Shop backend”.',
  scopes: 'What the key may do',
  scopeRead: 'Read',
  scopeReadHint: 'List templates and read renders.',
  scopeRender: 'Render',
  scopeRenderHint: 'Create renders and batches (spends credits).',
  create: 'Create key',
  creating: 'Creating…',
  nameRequired: 'Give the key a name.',
  nameTooLong: 'At most {{max}} characters.',
  scopeRequired: 'Choose at least one.',
  createdTitle: 'Your new key',
  createdNote: 'Copy it now: it is shown this once. Templet keeps only a fingerprint of it.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy; select the key and copy it yourself.',
  done: 'Done, I have copied it',
  listTitle: 'Your keys',
  empty: 'No keys yet.',
  created: 'Created {{date}}',
  lastUsed: 'Last used {{date}}',
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeTitle: 'Revoke “{{name}}”?',
  revokeBody: 'Requests with this key are refused from now on. This cannot be undone.',
  revokeConfirm: 'Revoke key',
  cancel: 'Cancel',
  revoked: 'Key revoked',
  keyLabel: 'API key',
  urlSecretLabel: 'Image URL secret',
  urlSecretNote:
    'Signs image URLs (/r/…) for e-mails and social cards: an HMAC-SHA256 of the URL’s path and sorted query. See the API reference.',
}
type Messages = typeof en

const zhCN: Messages = {
  title: '开发者设置',
  intro: 'API 密钥让您自己的软件通过开发者 API（/v1）用 Templet 生成图片。请像对待密码一样保管密钥。',
  docs: 'API 参考',
  createTitle: '创建 API 密钥',
  name: '名称',
  nameHint: '密钥的用途，例如“商店后台”。',
  scopes: '密钥权限',
  scopeRead: '读取',
  scopeReadHint: '列出模板、读取渲染结果。',
  scopeRender: '渲染',
  scopeRenderHint: '创建渲染和批量任务（消耗点数）。',
  create: '创建密钥',
  creating: '正在创建…',
  nameRequired: '请为密钥命名。',
  nameTooLong: '最多 {{max}} 个字符。',
  scopeRequired: '请至少选择一项。',
  createdTitle: '您的新密钥',
  createdNote: '请立即复制：密钥只显示这一次，Templet 只保存它的指纹。',
  copy: '复制',
  copied: '已复制',
  copyFailed: '无法复制，请手动选中密钥并复制。',
  done: '完成，我已复制',
  listTitle: '您的密钥',
  empty: '还没有密钥。',
  created: '创建于 {{date}}',
  lastUsed: '最近使用 {{date}}',
  neverUsed: '从未使用',
  revoke: '撤销',
  revokeTitle: '撤销“{{name}}”？',
  revokeBody: '从现在起，使用此密钥的请求都会被拒绝。此操作无法撤回。',
  revokeConfirm: '撤销密钥',
  cancel: '取消',
  revoked: '密钥已撤销',
  keyLabel: 'API 密钥',
  urlSecretLabel: '图片链接签名密钥',
  urlSecretNote:
    '用于为邮件和社交卡片的图片链接（/r/…）签名：对链接路径和排序后的查询参数做 HMAC-SHA256。详见 API 文档。',
}

i18n.addResourceBundle('en', 'translation', { developer: en }, true, true)
i18n.addResourceBundle('zh-CN', 'translation', { developer: zhCN }, true, true)
