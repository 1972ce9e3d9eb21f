import { REVIEW_LINK_DAYS } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { startMailbox } from './mailbox'
import { teamHelpers } from './team-helpers'

const DAY = 24 * 60 * 60 * 1000

describe.each(engines)('review links and comments on %s', (engine) => {
  let s: TestServer
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    s = await startServer(engine, { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://templet.test' })
  })
  afterAll(async () => {
    await s.close()
    await mailbox.close()
  })

  const { account, createTeam, addMember } = teamHelpers(
    () => s,
    () => mailbox,
  )
  /** A design of the caller's workspace, made from the catalogue's first template. */
  const design = async (token: string, headers: Record<string, string> = {}) => {
    const list = await s.call('GET', '/template/list')
    const made = await s.call('POST', '/template/duplicate', {
      token,
      headers,
      body: { id: list.data[0].id },
    })
    expect(made.code, made.msg).toBe(0)
    return made.data.id as number
  }
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string
  const comment = (o: { token?: string; link?: string; headers?: Record<string, string>; body: object }) =>
    s.call('POST', '/comment/create', {
      ...(o.token ? { token: o.token } : {}),
      headers: o.headers ?? {},
      body: { ...(o.link ? { token: o.link } : {}), ...o.body },
    })

  it('lets anyone with the link see the design and comment by name; members reply, resolve and reopen', async () => {
    const owner = await account('Ada Owner')
    const templateId = await design(owner.token)
    const shared = await s.call('POST', '/template/share', { token: owner.token, body: { id: templateId } })
    expect(shared.code, shared.msg).toBe(0)
    expect(shared.data.url).toMatch(/^https:\/\/templet\.test\/review\?token=/)
    expect(Date.parse(shared.data.expiresAt) - s.now()).toBeLessThanOrEqual(REVIEW_LINK_DAYS * DAY)
    const link = tokenOf(shared.data.url)

    const detail = await s.call('GET', '/review/detail', { query: { token: link } })
    expect(detail.data).toMatchObject({ templateId, version: 1, pages: 1 })
    const preview = await fetch(`${s.url}/api/review/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link, page: 0 }),
    })
    expect(preview.headers.get('content-type')).toBe('image/webp')
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(1000)

    const point = { templateId, version: 1, page: 0, x: 0.25, y: 0.5 }
    const nameless = await comment({ link, body: { ...point, text: 'Bigger logo?' } })
    expect(nameless).toMatchObject({ code: 400, msg: 'name: Say who you are' })
    const first = await comment({ link, body: { ...point, text: '  Bigger logo?  ', name: 'Client Carol' } })
    expect(first.code, first.msg).toBe(0)
    const reply = await comment({
      token: owner.token,
      body: { ...point, x: 0.9, text: 'Done in version 2', parentId: first.data.id },
    })
    expect(reply.code, reply.msg).toBe(0)
    const beyond = await comment({ link, body: { ...point, page: 3, text: 'Hm', name: 'Carol' } })
    expect(beyond).toMatchObject({ code: 400, msg: 'page: The design has 1 page(s)' })

    const seen = await s.call('GET', '/comment/list', { query: { templateId, token: link } })
    expect(seen.data).toEqual([
      expect.objectContaining({
        id: first.data.id,
        text: 'Bigger logo?',
        author: { name: 'Client Carol', guest: true },
        ...{ version: 1, page: 0, x: 0.25, y: 0.5 },
        resolved: false,
        // A reply keeps its thread's place.
        replies: [
          expect.objectContaining({ text: 'Done in version 2', author: { name: 'Ada Owner', guest: false } }),
        ],
      }),
    ])

    // Only a member resolves, and may open the thread again.
    const resolve = (token: string, resolved: boolean) =>
      s.call('POST', '/comment/resolve', { token, body: { id: first.data.id, resolved } })
    expect((await resolve(owner.token, true)).code).toBe(0)
    expect(
      (await s.call('GET', '/comment/list', { token: owner.token, query: { templateId } })).data[0].resolved,
    ).toBe(true)
    expect((await resolve(owner.token, false)).code).toBe(0)
    expect(
      (await s.call('GET', '/comment/list', { query: { templateId, token: link } })).data[0].resolved,
    ).toBe(false)
    const stranger = await account()
    expect((await resolve(stranger.token, true)).code).toBe(404)
  })

  it('refuses a link once expired, altered or used for another design, and a stranger without one', async () => {
    const owner = await account()
    const templateId = await design(owner.token)
    const other = await design(owner.token)
    const link = tokenOf(
      (await s.call('POST', '/template/share', { token: owner.token, body: { id: templateId } })).data.url,
    )
    const [id, exp, sig] = link.split('.')
    const gone = 'This review link has expired or is not valid: ask for a new one'

    const forged = `${other}.${exp}.${sig}`
    expect(await s.call('GET', '/review/detail', { query: { token: forged } })).toMatchObject({
      code: 404,
      msg: gone,
    })
    const longer = `${id}.${Number(exp) + 86_400}.${sig}`
    expect((await s.call('GET', '/review/detail', { query: { token: longer } })).code).toBe(404)
    const elsewhere = await s.call('GET', '/comment/list', { query: { templateId: other, token: link } })
    expect(elsewhere).toMatchObject({ code: 404, msg: gone })
    expect((await s.call('GET', '/review/detail', { query: { token: 'x.y' } })).code).toBe(400)

    const stranger = await account()
    expect(
      (await s.call('GET', '/comment/list', { token: stranger.token, query: { templateId } })).code,
    ).toBe(404)
    expect((await s.call('GET', '/comment/list', { query: { templateId } })).code).toBe(401)
    // The catalogue's templates are no one's to share.
    const catalogue = (await s.call('GET', '/template/list')).data[0].id
    expect(
      (await s.call('POST', '/template/share', { token: owner.token, body: { id: catalogue } })).code,
    ).toBe(404)

    s.advance(REVIEW_LINK_DAYS * DAY + 1000)
    expect(await s.call('GET', '/review/detail', { query: { token: link } })).toMatchObject({
      code: 404,
      msg: gone,
    })
    // Deleting the design ends its links at once.
    s.advance(-(REVIEW_LINK_DAYS * DAY + 1000))
    expect(
      (await s.call('POST', '/template/delete', { token: owner.token, body: { id: templateId } })).code,
    ).toBe(0)
    expect((await s.call('GET', '/review/detail', { query: { token: link } })).code).toBe(404)
  })

  it("in a team: editors share and resolve, viewers comment, the team's designs only", async () => {
    const owner = await account('Owner')
    const editor = await account('Editor')
    const viewer = await account('Viewer')
    const teamId = await createTeam(owner.token)
    await addMember(owner.token, teamId, editor, 'editor')
    await addMember(owner.token, teamId, viewer, 'viewer')
    const inTeam = { Team: String(teamId) }
    const templateId = await design(editor.token, inTeam)

    expect(
      (
        await s.call('POST', '/template/share', {
          token: viewer.token,
          headers: inTeam,
          body: { id: templateId },
        })
      ).code,
    ).toBe(403)
    expect(
      (await s.call('POST', '/template/share', { token: editor.token, body: { id: templateId } })).code,
    ).toBe(404)
    expect(
      (
        await s.call('POST', '/template/share', {
          token: editor.token,
          headers: inTeam,
          body: { id: templateId },
        })
      ).code,
    ).toBe(0)

    const said = await comment({
      token: viewer.token,
      headers: inTeam,
      body: { templateId, version: 1, page: 0, x: 0.5, y: 0.5, text: 'Looks good' },
    })
    expect(said.code, said.msg).toBe(0)
    const listed = await s.call('GET', '/comment/list', {
      token: owner.token,
      headers: inTeam,
      query: { templateId },
    })
    expect(listed.data[0].author).toEqual({ name: 'Viewer', guest: false })
    const byViewer = await s.call('POST', '/comment/resolve', {
      token: viewer.token,
      headers: inTeam,
      body: { id: said.data.id, resolved: true },
    })
    expect(byViewer.code).toBe(403)
    const byEditor = await s.call('POST', '/comment/resolve', {
      token: editor.token,
      headers: inTeam,
      body: { id: said.data.id, resolved: true },
    })
    expect(byEditor.code, byEditor.msg).toBe(0)
  })

  describe('@mentions', () => {
    type Note = { type: string; title: string; content: string; params: Record<string, unknown> }
    const mentionsOf = async (token: string): Promise<Note[]> =>
      (await s.call('GET', '/user/my-notification', { token, query: { pageSize: 100 } })).data.filter(
        (n: Note) => n.type === 'comment_mention',
      )
    const spans = (c: { text: string; mentions: { start: number; end: number }[] }) =>
      c.mentions.map((m) => c.text.slice(m.start, m.end))
    /** Northwind Studio: its owner, an editor and a viewer; a design of it and its review link. */
    const studio = async () => {
      const owner = await account('Olive Owner')
      const editor = await account('Edith Editor')
      const viewer = await account('Vera Viewer')
      const teamId = await createTeam(owner.token, 'Northwind Studio')
      await addMember(owner.token, teamId, editor, 'editor')
      await addMember(owner.token, teamId, viewer, 'viewer')
      const inTeam = { Team: String(teamId) }
      const templateId = await design(editor.token, inTeam)
      const shared = await s.call('POST', '/template/share', {
        token: editor.token,
        headers: inTeam,
        body: { id: templateId },
      })
      const name = (
        await s.call('GET', '/template/detail', {
          token: editor.token,
          headers: inTeam,
          query: { id: templateId },
        })
      ).data.name as string
      return { owner, editor, viewer, teamId, inTeam, templateId, name, link: tokenOf(shared.data.url) }
    }
    const at = (templateId: number) => ({ templateId, version: 1, page: 0, x: 0.5, y: 0.5 })

    it('tells each member a comment mentions once, with the design and the team; not its author, no one outside', async () => {
      const t = await studio()
      const stranger = await account('Sam Stranger')
      const text =
        '@Vera Viewer and again @vera viewer: see @Edith Editor’s note, ask @Sam Stranger, mail vera@example.com, @Nobody'
      const said = await comment({
        token: t.editor.token,
        headers: t.inTeam,
        body: { ...at(t.templateId), text },
      })
      expect(said.code, said.msg).toBe(0)

      const told = await mentionsOf(t.viewer.token)
      expect(told).toHaveLength(1)
      expect(told[0]).toMatchObject({
        title: 'Edith Editor mentioned you',
        content: `In a comment on “${t.name}”. In the team “Northwind Studio”.`,
        params: {
          commentId: said.data.id,
          templateId: t.templateId,
          design: t.name,
          author: 'Edith Editor',
          guest: false,
          team: { id: t.teamId, name: 'Northwind Studio' },
        },
      })
      expect(await mentionsOf(t.editor.token)).toEqual([])
      expect(await mentionsOf(t.owner.token)).toEqual([])
      expect(await mentionsOf(stranger.token)).toEqual([])

      // A member reads which words mention a member; a reply mentions someone else.
      const reply = await comment({
        token: t.viewer.token,
        headers: t.inTeam,
        body: { ...at(t.templateId), text: 'Thanks, @OLIVE OWNER.', parentId: said.data.id },
      })
      expect(reply.code, reply.msg).toBe(0)
      expect(await mentionsOf(t.owner.token)).toMatchObject([
        { params: { commentId: reply.data.id, author: 'Vera Viewer', guest: false } },
      ])
      const listed = await s.call('GET', '/comment/list', {
        token: t.owner.token,
        headers: t.inTeam,
        query: { templateId: t.templateId },
      })
      expect(spans(listed.data[0])).toEqual(['@Vera Viewer', '@vera viewer', '@Edith Editor'])
      expect(spans(listed.data[0].replies[0])).toEqual(['@OLIVE OWNER'])
    })

    it('names members who share a name by their address, and offers members alone the members to mention', async () => {
      const owner = await account('Olive Owner')
      const one = await account('Alex Kim')
      const two = await account('alex kim')
      const teamId = await createTeam(owner.token, 'Northwind Studio')
      await addMember(owner.token, teamId, one, 'editor')
      await addMember(owner.token, teamId, two, 'viewer')
      const inTeam = { Team: String(teamId) }
      const templateId = await design(owner.token, inTeam)
      const members = await s.call('GET', '/comment/members', {
        token: owner.token,
        headers: inTeam,
        query: { templateId },
      })
      const local = (email: string) => email.split('@')[0] as string
      expect(members.data).toEqual(
        expect.arrayContaining([
          { name: 'Alex Kim', handle: local(one.email) },
          { name: 'alex kim', handle: local(two.email) },
        ]),
      )
      expect(members.data).toHaveLength(2)

      const said = await comment({
        token: owner.token,
        headers: inTeam,
        body: { ...at(templateId), text: `@Alex Kim? No: @${local(two.email)}` },
      })
      expect(said.code, said.msg).toBe(0)
      expect(await mentionsOf(one.token)).toEqual([])
      expect(await mentionsOf(two.token)).toHaveLength(1)

      // With the link: a member gets the list in any workspace; anyone else an empty one, a guest a 401.
      const link = tokenOf(
        (
          await s.call('POST', '/template/share', {
            token: owner.token,
            headers: inTeam,
            body: { id: templateId },
          })
        ).data.url,
      )
      const byLink = await s.call('GET', '/comment/members', {
        token: one.token,
        query: { templateId, token: link },
      })
      expect(byLink.data.map((m: { name: string }) => m.name).sort()).toEqual(['Olive Owner', 'alex kim'])
      const stranger = await account()
      const theirs = await s.call('GET', '/comment/members', {
        token: stranger.token,
        query: { templateId, token: link },
      })
      expect(theirs).toMatchObject({ code: 0, data: [] })
      expect((await s.call('GET', '/comment/members', { query: { templateId, token: link } })).code).toBe(401)
      expect(
        (await s.call('GET', '/comment/members', { token: stranger.token, query: { templateId } })).code,
      ).toBe(404)
    })

    it("a guest's mention tells the member, and the guest's page shows no one's membership", async () => {
      const t = await studio()
      const said = await comment({
        token: t.editor.token,
        headers: t.inTeam,
        body: { ...at(t.templateId), text: 'Hi @Vera Viewer' },
      })
      expect(said.code).toBe(0)
      const real = await comment({
        link: t.link,
        body: { ...at(t.templateId), text: '@Olive Owner, the logo?', name: 'Client Carol' },
      })
      const unknown = await comment({
        link: t.link,
        body: { ...at(t.templateId), text: '@Someone Else, the logo?', name: 'Client Carol' },
      })
      // The answer is the same whether the name is a member's or not.
      expect(Object.keys(real.data)).toEqual(['id'])
      expect(Object.keys(unknown.data)).toEqual(['id'])
      expect(await mentionsOf(t.owner.token)).toMatchObject([
        {
          title: 'Client Carol (guest) mentioned you',
          params: { commentId: real.data.id, author: 'Client Carol', guest: true, team: { id: t.teamId } },
        },
      ])
      const seen = await s.call('GET', '/comment/list', {
        query: { templateId: t.templateId, token: t.link },
      })
      expect(seen.data.map((c: { mentions: unknown[] }) => c.mentions)).toEqual([[], [], []])
      // A signed-in reader from outside the workspace, with the link, learns no more.
      const stranger = await account()
      const theirs = await s.call('GET', '/comment/list', {
        token: stranger.token,
        query: { templateId: t.templateId, token: t.link },
      })
      expect(theirs.data.map((c: { mentions: unknown[] }) => c.mentions)).toEqual([[], [], []])
    })

    it("a guest mentions the owner of a person's own design: told, without a team", async () => {
      const owner = await account('Ada Owner')
      const templateId = await design(owner.token)
      const link = tokenOf(
        (await s.call('POST', '/template/share', { token: owner.token, body: { id: templateId } })).data.url,
      )
      const said = await comment({
        link,
        body: { ...at(templateId), text: '@ada owner hello', name: 'Carol' },
      })
      expect(said.code, said.msg).toBe(0)
      const [told] = await mentionsOf(owner.token)
      expect(told?.params).toEqual({
        commentId: said.data.id,
        templateId,
        design: expect.any(String),
        author: 'Carol',
        guest: true,
      })
    })

    it('shows a member the design without a link, in its workspace; no one else', async () => {
      const t = await studio()
      const detail = await s.call('GET', '/review/detail', {
        token: t.viewer.token,
        headers: t.inTeam,
        query: { templateId: t.templateId },
      })
      expect(detail.data).toMatchObject({ templateId: t.templateId, name: t.name, expiresAt: null })
      const preview = await fetch(`${s.url}/api/review/preview`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bucket ${t.viewer.token}`,
          ...t.inTeam,
        },
        body: JSON.stringify({ templateId: t.templateId, page: 0 }),
      })
      expect(preview.headers.get('content-type')).toBe('image/webp')
      // Outside the team's workspace, or signed out: not found, sign in; and one of the two is needed.
      expect(
        (
          await s.call('GET', '/review/detail', {
            token: t.viewer.token,
            query: { templateId: t.templateId },
          })
        ).code,
      ).toBe(404)
      expect((await s.call('GET', '/review/detail', { query: { templateId: t.templateId } })).code).toBe(401)
      expect(
        await s.call('GET', '/review/detail', { token: t.viewer.token, headers: t.inTeam, query: {} }),
      ).toMatchObject({
        code: 400,
        msg: "templateId: Give the design's number, or the review link's token",
      })
    })
  })
})
