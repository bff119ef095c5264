import { MENTIONS_MAX } from '@campus/contracts/notifications-rules';
import { insertMention, mentionedIds, mentionQueryAt, splitMentions } from '../src/mentions/mention-text';

describe('what counts as a mention being typed', () => {
  const at = (text: string) => mentionQueryAt(text, text.length);

  it('is @ at the start or after a space or punctuation, then a letter, up to three words', () => {
    expect(at('@a')).toEqual({ start: 0, text: 'a' });
    expect(at('Thanks @Asha R')).toEqual({ start: 7, text: 'Asha R' });
    expect(at('(@ravi')).toEqual({ start: 1, text: 'ravi' });
    expect(at('@Asha Rao ')).toEqual({ start: 0, text: 'Asha Rao ' });
  });

  it('is not a bare @, an e-mail address, a digit first, a new line, a double space or a fourth word', () => {
    expect(at('@')).toBeNull();
    expect(at('asha@campus')).toBeNull();
    expect(at('@1st')).toBeNull();
    expect(at('@Asha\nRao')).toBeNull();
    expect(at('@Asha  Rao')).toBeNull();
    expect(at('@Asha Rao says hi')).toBeNull();
  });

  it('is read at the caret, not at the end of the text', () => {
    expect(mentionQueryAt('Hi @as and more', 6)).toEqual({ start: 3, text: 'as' });
  });
});

describe('picking and sending', () => {
  it('writes @Full Name and a space in place of what was typed, the caret after it', () => {
    expect(insertMention('Hi @as, bye', 3, 6, 'Asha Rao')).toEqual({ text: 'Hi @Asha Rao , bye', caret: 13 });
  });

  it('sends the picked whose whole @Name the text still says, any case, each once, at most MENTIONS_MAX', () => {
    const asha = { _id: 'u-asha', name: 'Asha Rao' };
    const ravi = { _id: 'u-ravi', name: 'Ravi' };
    expect(mentionedIds('@asha rao and @Ravi, again @Ravi', [asha, ravi, asha])).toEqual([
      'u-asha',
      'u-ravi',
    ]);
    expect(mentionedIds('@Ravikumar and me@Asha Rao', [asha, ravi])).toEqual([]);
    const many = Array.from({ length: MENTIONS_MAX + 2 }, (_, i) => ({ _id: `u${i}`, name: `Member${i}` }));
    expect(mentionedIds(many.map((m) => `@${m.name}`).join(' '), many)).toHaveLength(MENTIONS_MAX);
  });
});

describe('showing mentions', () => {
  it('cuts out @ and capitalised words as mentions, and leaves e-mail addresses and lower-case words', () => {
    expect(splitMentions('Ask @Asha Rao, or mail asha@Campus.in @later')).toEqual([
      { text: 'Ask ', mention: false },
      { text: '@Asha Rao', mention: true },
      { text: ', or mail asha@Campus.in @later', mention: false },
    ]);
  });

  it('takes an initial with its dot, but not the pronoun I after a name', () => {
    expect(splitMentions('@Asha R. thanks, @Dr. Meera Iyer I will')).toEqual([
      { text: '@Asha R.', mention: true },
      { text: ' thanks, ', mention: false },
      { text: '@Dr. Meera Iyer', mention: true },
      { text: ' I will', mention: false },
    ]);
  });

  it('keeps a dot inside a name (@Dr. Meera Iyer) and leaves the full stop after one', () => {
    expect(splitMentions('Thanks @Dr. Meera Iyer. And @Asha.')).toEqual([
      { text: 'Thanks ', mention: false },
      { text: '@Dr. Meera Iyer', mention: true },
      { text: '. And ', mention: false },
      { text: '@Asha', mention: true },
      { text: '.', mention: false },
    ]);
  });
});
