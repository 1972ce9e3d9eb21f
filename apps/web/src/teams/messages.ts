import { i18n } from '../i18n'

/** The teams screens' words, merged into the app's one namespace under `teams`. */
const en = {
  join: {
    title: 'Join a team',
    refused: 'The invitation could not be used.',
    busy: 'Joining the team…',
    doneTitle: 'You joined the team',
    done: 'You are now a member. The team’s templates and credits will appear here as teams grow.',
    toApp: 'Go to the dashboard',
    missing: 'This link is incomplete. Open it from the invitation mail again.',
    invalid:
      'This invitation is not valid any more: it has expired or was revoked. Ask the team for a new one.',
    used: 'This invitation was already used, or you are already a member of this team.',
    otherAccount:
      'This invitation was sent to another email address. Sign out and sign in (or create an account) with the address it was sent to.',
    full: 'You cannot join another team: you already belong to as many teams as one person may. Leave one first.',
    failed: 'The team could not be joined just now. Try the link again in a moment.',
  },
}
const zhCN: typeof en = {
  join: {
    title: '加入团队',
    refused: '无法使用此邀请。',
    busy: '正在加入团队…',
    doneTitle: '您已加入团队',
    done: '您现在是该团队的成员。随着团队功能的完善，团队的模板和点数将显示在这里。',
    toApp: '前往控制台',
    missing: '此链接不完整，请从邀请邮件中重新打开。',
    invalid: '此邀请已失效：已过期或已被撤销。请向团队索取新的邀请。',
    used: '此邀请已被使用，或者您已经是该团队的成员。',
    otherAccount: '此邀请发送到了另一个邮箱地址。请退出登录，并使用收到邀请的邮箱地址登录（或注册账户）。',
    full: '您无法再加入团队：您加入的团队数已达上限。请先退出一个团队。',
    failed: '暂时无法加入团队，请稍后再打开此链接。',
  },
}

i18n.addResourceBundle('en', 'translation', { teams: en }, true, true)
i18n.addResourceBundle('zh-CN', 'translation', { teams: zhCN }, true, true)
