import type { Mail } from './mailer'

export type MailLocale = 'en' | 'zh-CN'

/** What each mail says, with the values it needs; every one exists in both languages. */
export type MailKind =
  | { kind: 'reset_password'; name: string; link: string; minutes: number }
  | { kind: 'verify_email'; name: string; link: string; hours: number }
  | { kind: 'change_email'; name: string; link: string; hours: number; email: string }
  | { kind: 'email_changed'; name: string; email: string }
  | { kind: 'password_changed'; name: string }
  | { kind: 'deletion_scheduled'; name: string; date: string; link: string }
  | { kind: 'deletion_canceled'; name: string }
  | { kind: 'team_invitation'; inviter: string; team: string; role: string; link: string; days: number }

interface Parts {
  subject: string
  greeting: string
  lines: string[]
  action?: { label: string; link: string }
  footer: string
}

type Texts = { [K in MailKind['kind']]: (p: Extract<MailKind, { kind: K }>) => Parts }

const en: Texts = {
  reset_password: (p) => ({
    subject: 'Reset your Templet password',
    greeting: `Hello ${p.name},`,
    lines: [
      'Someone asked to reset the password of your Templet account. Open the link below to choose a new one.',
      `The link works once, for ${p.minutes} minutes. After the reset, every device signed in to your account is signed out.`,
    ],
    action: { label: 'Choose a new password', link: p.link },
    footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  }),
  verify_email: (p) => ({
    subject: 'Confirm your email address for Templet',
    greeting: `Hello ${p.name},`,
    lines: [
      'Welcome to Templet. Please confirm that this address is yours, so that we can reach you about your account and receipts.',
      `The link works for ${p.hours} hours.`,
    ],
    action: { label: 'Confirm my email address', link: p.link },
    footer: 'If you did not create a Templet account, ignore this mail.',
  }),
  change_email: (p) => ({
    subject: 'Confirm your new email address for Templet',
    greeting: `Hello ${p.name},`,
    lines: [
      `You asked to use ${p.email} for your Templet account. The change applies once you open the link below.`,
      `The link works once, for ${p.hours} hours.`,
    ],
    action: { label: 'Use this address', link: p.link },
    footer: 'If you did not ask for this, ignore this mail: nothing changes.',
  }),
  email_changed: (p) => ({
    subject: 'Your Templet email address was changed',
    greeting: `Hello ${p.name},`,
    lines: [
      `The email address of your Templet account is now ${p.email}. Mail about your account goes there from now on.`,
    ],
    footer:
      'If you did not make this change, reply to this mail or use the contact form at once, and change your password.',
  }),
  password_changed: (p) => ({
    subject: 'Your Templet password was changed',
    greeting: `Hello ${p.name},`,
    lines: ['The password of your Templet account was changed, and your other devices were signed out.'],
    footer:
      'If you did not make this change, reset your password at once with "Forgot password?" on the sign-in page.',
  }),
  deletion_scheduled: (p) => ({
    subject: 'Your Templet account will be deleted',
    greeting: `Hello ${p.name},`,
    lines: [
      `Your Templet account and everything in it (creations, uploads, templates) will be deleted on ${p.date}.`,
      'Until then you can keep it: sign in and choose "Keep my account".',
    ],
    action: { label: 'Sign in to keep my account', link: p.link },
    footer: 'Receipts of your payments are kept without your name or email, as tax law requires.',
  }),
  deletion_canceled: (p) => ({
    subject: 'Your Templet account will not be deleted',
    greeting: `Hello ${p.name},`,
    lines: ['The deletion of your Templet account was cancelled. Everything stays as it was.'],
    footer: 'If you did not do this, change your password.',
  }),
  team_invitation: (p) => ({
    subject: `${p.inviter} invited you to ${p.team} on Templet`,
    greeting: 'Hello,',
    lines: [
      `${p.inviter} invited you to join the team ${p.team} on Templet as ${ROLE_EN[p.role] ?? p.role}.`,
      `Open the link below and sign in, or create your account with this email address. The link works once, for ${p.days} days.`,
    ],
    action: { label: `Join ${p.team}`, link: p.link },
    footer: 'If you do not know this person or team, ignore this mail: nothing happens.',
  }),
}

/** A role as the invitation mail names it. */
const ROLE_EN: Record<string, string> = { admin: 'an admin', editor: 'an editor', viewer: 'a viewer' }
const ROLE_ZH: Record<string, string> = { admin: '管理员', editor: '编辑者', viewer: '查看者' }

const zh: Texts = {
  reset_password: (p) => ({
    subject: '重置您的 Templet 密码',
    greeting: `${p.name}，您好：`,
    lines: [
      '有人请求重置您的 Templet 账户密码。请打开下面的链接设置新密码。',
      `该链接只能使用一次，${p.minutes} 分钟内有效。重置后，所有已登录您账户的设备都将退出登录。`,
    ],
    action: { label: '设置新密码', link: p.link },
    footer: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
  }),
  verify_email: (p) => ({
    subject: '请确认您在 Templet 的邮箱地址',
    greeting: `${p.name}，您好：`,
    lines: [
      '欢迎使用 Templet。请确认此邮箱属于您，以便我们向您发送账户通知和收据。',
      `该链接 ${p.hours} 小时内有效。`,
    ],
    action: { label: '确认邮箱地址', link: p.link },
    footer: '如果您没有注册 Templet 账户，请忽略此邮件。',
  }),
  change_email: (p) => ({
    subject: '请确认您在 Templet 的新邮箱地址',
    greeting: `${p.name}，您好：`,
    lines: [
      `您请求将 Templet 账户的邮箱改为 ${p.email}。打开下面的链接后更改才会生效。`,
      `该链接只能使用一次，${p.hours} 小时内有效。`,
    ],
    action: { label: '使用此邮箱', link: p.link },
    footer: '如果这不是您本人的操作，请忽略此邮件，账户不会有任何变化。',
  }),
  email_changed: (p) => ({
    subject: '您的 Templet 邮箱地址已更改',
    greeting: `${p.name}，您好：`,
    lines: [`您的 Templet 账户邮箱现在是 ${p.email}，今后账户相关邮件将发送到该地址。`],
    footer: '如果这不是您本人的操作，请立即回复此邮件或通过联系表单告知我们，并修改密码。',
  }),
  password_changed: (p) => ({
    subject: '您的 Templet 密码已更改',
    greeting: `${p.name}，您好：`,
    lines: ['您的 Templet 账户密码已更改，其他设备已退出登录。'],
    footer: '如果这不是您本人的操作，请立即在登录页点击“忘记密码？”重置密码。',
  }),
  deletion_scheduled: (p) => ({
    subject: '您的 Templet 账户将被删除',
    greeting: `${p.name}，您好：`,
    lines: [
      `您的 Templet 账户及其中的所有内容（作品、上传的图片、模板）将于 ${p.date} 删除。`,
      '在此之前您可以保留账户：登录后选择“保留我的账户”。',
    ],
    action: { label: '登录并保留账户', link: p.link },
    footer: '根据税法要求，您的付款收据将在去除姓名和邮箱后保留。',
  }),
  deletion_canceled: (p) => ({
    subject: '您的 Templet 账户不会被删除',
    greeting: `${p.name}，您好：`,
    lines: ['您的 Templet 账户删除已取消，一切保持原样。'],
    footer: '如果这不是您本人的操作，请修改密码。',
  }),
  team_invitation: (p) => ({
    subject: `${p.inviter} 邀请您加入 Templet 团队“${p.team}”`,
    greeting: '您好：',
    lines: [
      `${p.inviter} 邀请您以${ROLE_ZH[p.role] ?? p.role}身份加入 Templet 团队“${p.team}”。`,
      `请打开下面的链接并登录，或用此邮箱地址注册账户。该链接只能使用一次，${p.days} 天内有效。`,
    ],
    action: { label: `加入“${p.team}”`, link: p.link },
    footer: '如果您不认识此人或此团队，请忽略此邮件，不会有任何变化。',
  }),
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The mail `m` to `to` in `locale`: plain text, and simple HTML (no images, no remote content) saying the same. */
export function composeMail(to: string, locale: MailLocale, m: MailKind): Mail {
  const texts = locale === 'zh-CN' ? zh : en
  const p = (texts[m.kind] as (x: MailKind) => Parts)(m)
  const text = [
    p.greeting,
    '',
    ...p.lines.flatMap((l) => [l, '']),
    ...(p.action ? [`${p.action.label}:`, p.action.link, ''] : []),
    p.footer,
    '',
    '— Templet',
  ].join('\n')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(p.greeting)}</p>
${p.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${p.action ? `<p><a href="${escapeHtml(p.action.link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(p.action.label)}</a></p>\n<p style="font-size:13px;color:#444">${escapeHtml(p.action.link)}</p>` : ''}
<p style="font-size:13px;color:#444">${escapeHtml(p.footer)}</p>
<p>— Templet</p>
</body></html>`
  return { to, subject: p.subject, text, html }
}
