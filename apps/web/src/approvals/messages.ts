import { i18n } from '../i18n'

/** The words of approvals (docs/product.md "Approvals"), merged into the app's one namespace under `approvals`. */
const en = {
  approved: 'Approved',
  approvedVersion: 'Approved · version {{version}}',
  approvedBy: 'Approved by {{name}} · {{when}}',
  approvedByGone: 'Approved · {{when}}',
  notApproved: 'Not approved',
  notApprovedVersion: 'Not approved · version {{version}}',
  approve: 'Approve version {{version}}',
  approveShort: 'Approve',
  approveOne: 'Approve version {{version}} of {{name}}',
  withdraw: 'Withdraw approval',
  withdrawOne: 'Withdraw approval of version {{version}} of {{name}}',
  approvedDone: 'Version {{version}} approved.',
  withdrawnDone: 'Approval of version {{version}} withdrawn.',
  whoMay: 'The team’s owner and admins approve versions.',
  rule: {
    label: 'Create only from approved versions',
    hint: 'Creations in the team (the editor, bulk create and the API) use each design’s latest approved version; a design without one cannot be used until an admin approves a version. Editors still save new versions.',
    changedOn: 'The team now creates only from approved versions.',
    changedOff: 'The team creates from the latest saved versions again.',
    onlyAdmins: 'Only the team’s owner and admins change this.',
  },
  editor: {
    uses: 'This team creates only from approved versions: this uses version {{version}}, approved by {{name}} on {{date}}.',
    usesGone:
      'This team creates only from approved versions: this uses version {{version}}, approved on {{date}}.',
    none: 'This team creates only from approved versions, and this design has none yet. Ask the team’s owner or an admin to approve a version in its History.',
    notThis:
      'Version {{version}} is not approved, and this team creates only from approved versions. Use the latest approved version, {{latest}}, or ask an admin to approve this one.',
    openLatest: 'Use version {{latest}}',
    catalogue:
      'This team creates only from approved versions of its own designs. Customise this template, then ask the team’s owner or an admin to approve a version.',
    refused:
      'Not created: this version is not approved (or no longer is), and this team creates only from approved versions. Reload the page for the latest approved version, or ask the team’s owner or an admin.',
  },
  review: {
    usesThis: 'This team creates only from approved versions: its creations use this version.',
    usesOther:
      'This team creates only from approved versions: its creations use version {{latest}}, not the version shown here.',
    none: 'This team creates only from approved versions, and this design has none yet: it cannot be used to create until the team’s owner or an admin approves a version.',
  },
}

const zhCN: typeof en = {
  approved: '已批准',
  approvedVersion: '已批准 · 第 {{version}} 版',
  approvedBy: '{{name}} 批准 · {{when}}',
  approvedByGone: '已批准 · {{when}}',
  notApproved: '未批准',
  notApprovedVersion: '未批准 · 第 {{version}} 版',
  approve: '批准第 {{version}} 版',
  approveShort: '批准',
  approveOne: '批准第 {{version}} 版：{{name}}',
  withdraw: '撤回批准',
  withdrawOne: '撤回批准：{{name}} 第 {{version}} 版',
  approvedDone: '第 {{version}} 版已批准。',
  withdrawnDone: '已撤回第 {{version}} 版的批准。',
  whoMay: '团队所有者和管理员可批准版本。',
  rule: {
    label: '仅使用已批准的版本创作',
    hint: '团队中的创作（编辑器、批量创作和 API）使用每个设计最新批准的版本；没有批准版本的设计在管理员批准前无法使用。编辑者仍可保存新版本。',
    changedOn: '团队现在仅使用已批准的版本创作。',
    changedOff: '团队恢复使用最新保存的版本创作。',
    onlyAdmins: '只有团队所有者和管理员可以更改此设置。',
  },
  editor: {
    uses: '此团队仅使用已批准的版本创作：本次使用第 {{version}} 版，由 {{name}} 于 {{date}} 批准。',
    usesGone: '此团队仅使用已批准的版本创作：本次使用第 {{version}} 版，于 {{date}} 批准。',
    none: '此团队仅使用已批准的版本创作，而此设计还没有批准的版本。请团队所有者或管理员在其“历史”中批准一个版本。',
    notThis:
      '第 {{version}} 版未获批准，而此团队仅使用已批准的版本创作。请使用最新批准的第 {{latest}} 版，或请管理员批准此版本。',
    openLatest: '使用第 {{latest}} 版',
    catalogue: '此团队仅使用自己设计的已批准版本创作。请先定制此模板，再请团队所有者或管理员批准一个版本。',
    refused:
      '未创作：此版本未获批准（或已被撤回），而此团队仅使用已批准的版本创作。请重新加载页面以使用最新批准的版本，或联系团队所有者或管理员。',
  },
  review: {
    usesThis: '此团队仅使用已批准的版本创作：创作使用此版本。',
    usesOther: '此团队仅使用已批准的版本创作：创作使用第 {{latest}} 版，而不是此处显示的版本。',
    none: '此团队仅使用已批准的版本创作，而此设计还没有批准的版本：在团队所有者或管理员批准一个版本之前，无法用它创作。',
  },
}

i18n.addResourceBundle('en', 'translation', { approvals: en }, true, true)
i18n.addResourceBundle('zh-CN', 'translation', { approvals: zhCN }, true, true)
