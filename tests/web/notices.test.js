// The notices bell's state (notices.js): the listed notices, a live `notice`
// added first (once), read up to an id, the badge, the age and the safe link.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { emptyNotices, listed, noticed, readUpTo, badge, ago, noticeHref, NOTICES_KEPT } from '../../web-client/js/notices.js';

const notice = (id, read = false) => ({ id, kind: 'turn', text: `n${id}`, path: `/?room=r${id}`, room: `r${id}`, at: 0, read });

describe('the notices bell', () => {
  test('a live notice goes first, once, with the server\'s count; the list stays bounded', () => {
    let state = listed({ unread: 1, notices: [notice(2), notice(1, true)] });
    state = noticed(state, { type: 'notice', notice: notice(3), unread: 2 });
    assert.deepEqual(state.notices.map((n) => n.id), [3, 2, 1]);
    assert.equal(state.unread, 2);
    state = noticed(state, { type: 'notice', notice: notice(3), unread: 2 });
    assert.deepEqual(state.notices.map((n) => n.id), [3, 2, 1]);
    let many = emptyNotices();
    for (let i = 1; i <= NOTICES_KEPT + 5; ++i) many = noticed(many, { notice: notice(i), unread: i });
    assert.equal(many.notices.length, NOTICES_KEPT);
    assert.equal(many.notices[0].id, NOTICES_KEPT + 5);
  });

  test('read up to an id: those and the older ones', () => {
    const state = readUpTo(listed({ unread: 3, notices: [notice(3), notice(2), notice(1)] }), 2, 1);
    assert.deepEqual(state.notices.map((n) => n.read), [false, true, true]);
    assert.equal(state.unread, 1);
  });

  test('the badge, the age and the link', () => {
    assert.equal(badge(0), '');
    assert.equal(badge(7), '7');
    assert.equal(badge(120), '99+');
    assert.equal(ago(1000, 1000), 'just now');
    assert.equal(ago(0, 5 * 60000), '5 min ago');
    assert.equal(ago(0, 3 * 3600000), '3 h ago');
    assert.equal(ago(0, 50 * 3600000), '2 d ago');
    assert.equal(noticeHref({ path: '/?room=abc' }), '/?room=abc');
    assert.equal(noticeHref({ path: '//evil.example/' }), null);
    assert.equal(noticeHref({ path: 'javascript:alert(1)' }), null);
  });
});
