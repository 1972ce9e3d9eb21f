import { i18n } from '../i18n'

/**
 * Whose credits and plan the app shows (ADR 0210): the header's balance and Pricing Plans in the person's own
 * workspace ("your") or a team's ("Acme's"), the team's seats and its billing address; merged into the app's one
 * namespace under `whose`. The header shows them on every page, so both languages are here from the start.
 */
const en = {
  header: {
    yours: '{{amount}}, your balance',
    team: "{{team}} · {{amount}}, the team's balance",
    low: '{{label}}, running low',
  },
  balance: { yours: 'Your balance', team: "{{team}}'s balance" },
  plan: { yours: 'Your plan', team: "{{team}}'s plan" },
  forTeam: 'What you buy here credits the team {{team}}: all its members create with its credits.',
  adminBuys:
    "Only the team's owner and admins buy credits and plans for {{team}}. Ask one of them when its credits run low.",
  buy: 'Buy {{credits}} credits for the team {{team}} for {{price}}',
  subscribe: 'Subscribe the team {{team}}: {{credits}} credits a month for {{price}}',
  checkout: {
    forTeam: 'The credits go to the team {{team}}.',
    balance_one: "{{team}}'s balance: {{formatted}} credit",
    balance_other: "{{team}}'s balance: {{formatted}} credits",
    newBalance_one: "{{team}}'s balance is now {{formatted}} credit.",
    newBalance_other: "{{team}}'s balance is now {{formatted}} credits.",
  },
  seats: {
    title: 'Seats',
    taken: '{{seats}} of {{max}} seats taken',
    members: 'Members: {{count}}',
    invitations: 'Pending invitations: {{count}}',
    manage: 'Members and invitations',
  },
  address: {
    title: 'Billing address for receipts',
    intro:
      'The receipts of what {{team}} buys from now on are billed to this name and address. Receipts already issued keep theirs.',
    none: 'None yet: receipts are billed to the team’s name, {{team}}.',
    current: 'Receipts are billed to:',
    name: 'Billing name',
    nameHint: 'A company or the team’s legal name, up to {{max}} characters.',
    lines: 'Postal address',
    linesHint: 'One line per row: street, town and postcode, country. At most {{lines}} lines.',
    save: 'Save billing address',
    saving: 'Saving…',
    saved: 'Billing address saved: later receipts are billed to {{name}}.',
    nameRequired: 'Enter the name the receipts are billed to',
    nameTooLong: 'At most {{max}} characters',
    linesRequired: 'Enter the postal address',
    tooManyLines: 'At most {{lines}} lines',
    lineTooLong: 'Each line at most {{max}} characters',
  },
}

const zhCN: typeof en = {
  header: {
    yours: '{{amount}}，你的余额',
    team: '{{team}} · {{amount}}，团队的余额',
    low: '{{label}}，余额不足',
  },
  balance: { yours: '你的余额', team: '{{team}} 的余额' },
  plan: { yours: '你的套餐', team: '{{team}} 的套餐' },
  forTeam: '在此购买的积分计入团队 {{team}}：团队的所有成员都用它的积分创作。',
  adminBuys: '只有团队的所有者和管理员可以为 {{team}} 购买积分和套餐。积分不足时，请联系他们。',
  buy: '以 {{price}} 为团队 {{team}} 购买 {{credits}} 积分',
  subscribe: '为团队 {{team}} 订阅：每月 {{price}}，{{credits}} 积分',
  checkout: {
    forTeam: '积分将计入团队 {{team}}。',
    balance_one: '{{team}} 的余额：{{formatted}} 积分',
    balance_other: '{{team}} 的余额：{{formatted}} 积分',
    newBalance_one: '{{team}} 的余额现为 {{formatted}} 积分。',
    newBalance_other: '{{team}} 的余额现为 {{formatted}} 积分。',
  },
  seats: {
    title: '席位',
    taken: '已占用 {{seats}} / {{max}} 个席位',
    members: '成员：{{count}}',
    invitations: '待接受的邀请：{{count}}',
    manage: '成员和邀请',
  },
  address: {
    title: '收据的账单地址',
    intro: '从现在起，{{team}} 购买的收据将开具给此名称和地址。已开具的收据保持不变。',
    none: '尚未设置：收据开具给团队名称 {{team}}。',
    current: '收据开具给：',
    name: '账单名称',
    nameHint: '公司名称或团队的法定名称，最多 {{max}} 个字符。',
    lines: '邮寄地址',
    linesHint: '每行一项：街道、城市和邮编、国家。最多 {{lines}} 行。',
    save: '保存账单地址',
    saving: '正在保存…',
    saved: '账单地址已保存：之后的收据将开具给 {{name}}。',
    nameRequired: '请输入收据的开具名称',
    nameTooLong: '最多 {{max}} 个字符',
    linesRequired: '请输入邮寄地址',
    tooManyLines: '最多 {{lines}} 行',
    lineTooLong: '每行最多 {{max}} 个字符',
  },
}

i18n.addResourceBundle('en', 'translation', { whose: en }, true, true)
i18n.addResourceBundle('zh-CN', 'translation', { whose: zhCN }, true, true)
