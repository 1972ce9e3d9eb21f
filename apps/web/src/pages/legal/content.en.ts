import type { LegalDocuments } from './types'

export const legalEn: LegalDocuments = {
  refund: {
    title: 'Refund policy',
    updated: '2026-11-22',
    intro:
      'Templet sells credits: one credit renders one image. This policy explains when you can get your money back for a one-off credit pack or a subscription.',
    sections: [
      {
        heading: 'One-off credit packs',
        paragraphs: [
          'You can ask for a full refund of a credit pack within 14 days of the purchase as long as none of its credits have been used. Once credits from a pack have been spent on renders, the pack cannot be refunded, because the images have been delivered.',
          'If you used only part of a pack because of a fault on our side, tell us and we will refund the unused part or restore the credits, whichever you prefer.',
        ],
      },
      {
        heading: 'Subscriptions',
        paragraphs: [
          'A subscription renews each month and grants that month’s credits at renewal. You can cancel at any time; the plan stays active until the end of the period you have paid for, and it is not renewed after that.',
          'If a renewal charged you by mistake (for example, you cancelled before the renewal date and were charged anyway), we refund that renewal in full. Otherwise a renewal can be refunded within 7 days if none of its credits have been used.',
        ],
      },
      {
        heading: 'Failed or duplicate payments',
        paragraphs: [
          'A payment is granted exactly once. If you were charged twice for the same purchase, the duplicate charge is refunded automatically or on request, with no questions asked.',
        ],
      },
      {
        heading: 'How to ask for a refund',
        paragraphs: [
          'Write to us through the contact form with the email address of your account and the date of the purchase (you can find it in Purchase History). We answer within two working days.',
          'Refunds go back to the original payment method. Your bank may take 5 to 10 working days to show them. Refunded credits are removed from your balance.',
        ],
      },
      {
        heading: 'Your statutory rights',
        paragraphs: [
          'Nothing in this policy limits the rights you have under the consumer law of the country you live in.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    updated: '2026-11-22',
    intro:
      'This policy explains what personal data Templet collects, why, how long we keep it and what you can do about it. We collect as little as we can to run the service.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account data: your email address, the name you give us and a hash of your password (never the password itself).',
          'Your content: the field values and images you upload to fill in templates, and the images you create. These are visible only to you.',
          'Billing data: the offers you bought, amounts, dates and status. Card details are handled by our payment provider and never reach our servers.',
          'Technical data: your IP address and request logs, kept to protect the service against abuse (for example, rate limits on sign-in).',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To provide the service you signed up for: your account, your credits, your creations and your purchases; to answer your messages; to keep the service secure; and to meet legal obligations such as bookkeeping.',
          'We do not sell your data, and we do not use it for advertising.',
        ],
      },
      {
        heading: 'Where it is stored and who sees it',
        paragraphs: [
          'Your data is stored on servers operated for Templet. Only the staff who need it to help you can access it. Our payment provider processes payments under its own privacy policy.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Account data and creations are kept while your account exists. When you delete your account, we delete your content within 30 days. Billing records are kept for as long as tax law requires.',
        ],
      },
      {
        heading: 'Cookies and local storage',
        paragraphs: [
          'Templet stores your sign-in session, your language and your sidebar preference in your browser’s local storage. We use no advertising or tracking cookies.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to us through the contact form; we answer within 30 days.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of service',
    updated: '2026-11-22',
    intro:
      'These terms are the agreement between you and Templet when you use the service. By creating an account you accept them.',
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You need an account to create images. Keep your password secret; you are responsible for what happens under your account. Tell us at once if you think someone else is using it.',
        ],
      },
      {
        heading: 'Credits',
        paragraphs: [
          'Creating an image costs one credit. New accounts receive 5 free credits. Credits are bought in packs or granted monthly by a subscription, and they cannot be exchanged for cash or transferred to another account. Credits you have bought do not expire while your account exists.',
        ],
      },
      {
        heading: 'Payments and subscriptions',
        paragraphs: [
          'Prices are shown before you pay, including the currency. Subscriptions renew monthly until you cancel; cancelling stops the next renewal and the plan stays active until the end of the paid period. Refunds follow our refund policy.',
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'You keep the rights to the text and images you upload and to the images you create. You give us only the permission we need to store and render them for you. Do not upload content you have no right to use, or content that is illegal.',
        ],
      },
      {
        heading: 'Templates',
        paragraphs: [
          'Templates remain the property of Templet and its designers. Images you create from them may be used for personal and commercial purposes; reselling the templates themselves, or images that are unmodified copies of them, is not allowed.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: [
          'Do not attempt to break, overload or get around the limits of the service, and do not use it to harm others. We may suspend accounts that do.',
        ],
      },
      {
        heading: 'Liability and changes',
        paragraphs: [
          'We work to keep Templet available and correct, but provide it as it is. To the extent the law allows, our liability is limited to the amount you paid us in the last 12 months. We may update these terms; we will tell you by email before important changes take effect.',
        ],
      },
    ],
  },
}
