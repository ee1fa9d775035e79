"""Layouts of wild20's documents, each as a general rule of how people write, on documents of our own."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding


def _audit(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


ORG = """#+TITLE: Notes de cours
#+DATE: <2025-01-20 lun.>

* Attention
  Deux mots : /sol mar/.

  Q :
  | mot |  c1 |  c2 |
  |-----+-----+-----|
  | sol | 0.5 | 0.2 |
  | mar | 0.1 | 0.4 |

  K :
  | mot |  c1 |  c2 |
  |-----+-----+-----|
  | sol | 0.3 | 0.6 |
  | mar | 0.2 | 0.1 |

  V :
  | mot |  c1 |  c2 |
  |-----+-----+-----|
  | sol | 1.0 | 0.0 |
  | mar | 0.0 | 1.0 |

  #+begin_src python :results output
  print(Q @ K.T)
  #+end_src

  #+RESULTS:
  : [[0.27 0.12]
  :  [0.27 0.06]]
"""


def test_org_tables_named_above_their_rule_and_fixed_width_results(tmp_path):
    """Org tables (``|---+---|`` under the header) take the name on the line above them: Q, K and V given
    directly; a ``#+RESULTS:`` block's ``: `` lines are the program's output, the scores."""
    got = _audit(tmp_path, "notes.txt", ORG)
    assert got["scores[sol,sol]"] == ("0.27", "correct") and got["scores[mar,mar]"] == ("0.06", "correct")
    assert got["scores[sol,mar]"] == ("0.12", "correct")
    assert not any(q.startswith(("Q[", "K[", "V[")) for q in got)  # the givens are not claims
    slipped = _audit(tmp_path, "slipped.txt", ORG.replace(":  [0.27 0.06]]", ":  [0.27 0.08]]"))
    assert slipped["scores[mar,mar]"][1] == "wrong"


MAIL = """From: Ana <ana@example.org>
Subject: Re: homework 2

Hi, here is my working for the row:

s1 = q·k1 = 0.02
s2 = q·k2 = -0.34
s3 = q·k3 = -0.05

a1 = 1.0142 / 2.7658 = 0.3667
a2 = 0.7863 / 2.7658 = 0.2843
a3 = 0.9653 / 2.7658 = 0.3490

Regards, Ana (student 4471)

On Mon, 3 Feb 2025 at 10:02, Ana wrote:
> > q = [0.4, -0.5]
> > k1 = [0.3, 0.2]
> > k2 = [-0.1, 0.6]
> > k3 = [0.5, 0.5]
> > d_k = 2. Where do I start?
"""


def test_quoted_mail_keys_without_values(tmp_path):
    """The query and keys only in a mail quoted with ``> > ``, and no values: one query against the keys, the
    values unknown; the scores and the weights are claims."""
    got = _audit(tmp_path, "mail.txt", MAIL)
    scores = {q: v for q, v in got.items() if q.startswith("scores[")}
    assert sorted(v for v in scores.values()) == [("-0.05", "correct"), ("-0.34", "correct"), ("0.02", "correct")]
    weights = sorted(v for q, v in got.items() if q.startswith("weights["))
    assert weights == [("0.2843", "correct"), ("0.3490", "correct"), ("0.3667", "correct")]
    assert not any("4471" in v[0] for v in got.values())
    slipped = _audit(tmp_path, "slipped.txt", MAIL.replace("= 0.2843", "= 0.2834"))
    assert sorted(v[1] for q, v in slipped.items() if q.startswith("weights[")) == ["correct", "correct", "wrong"]


PE_ROW = """Positional encoding by hand, thread 🧵 1/3

The word sol sits at position 2 (counting from 0), d_model = 4, base 10000.

2/3
PE(2) = (0.9093, -0.4161, 0.0200, 0.9998)

3/3
x(sol) = (0.1, 0.2, 0.3, 0.4)
❤️ 12   🔁 3
"""


def test_one_token_at_a_stated_position(tmp_path):
    """One token's embedding and the one position the prose states: the encoding worked at that position."""
    got = _audit(tmp_path, "pe.txt", PE_ROW)
    assert got["PE[sol][1]"] == ("0.9093", "correct") and got["PE[sol][2]"] == ("-0.4161", "correct")
    assert got["PE[sol][4]"] == ("0.9998", "correct")
    slipped = _audit(tmp_path, "slipped.txt", PE_ROW.replace("-0.4161", "0.4161"))
    assert slipped["PE[sol][2]"][1] == "wrong"


LOGITS = """**sam_q** · Mar 2

The logits: z_red = 1.3, z_green = 0.2, z_blue = -0.5 and the true class is *red*.

    exp(1.3) = 3.6693
    sum = 3.6693 + 1.2214 + 0.6065 = 5.4972
    p(red) = 3.6693 / 5.4972 = 0.6675

so the loss is 0.4042. (3 likes)
"""


def test_logits_one_per_word(tmp_path):
    """Logits written one per word under one name (``z_red = 1.3, …``): the softmax over those words, and the
    cross-entropy of the class the prose calls the true one."""
    got = _audit(tmp_path, "forum.md", LOGITS)
    assert got["probs[z][red]"] == ("0.6675", "correct") and got["head.expsum[z]"] == ("5.4972", "correct")
    assert got["loss[z]"] == ("0.4042", "correct") and not any(v[0] == "3" for v in got.values())
    slipped = _audit(tmp_path, "slipped.md", LOGITS.replace("= 0.6675", "= 0.6657"))
    assert slipped["probs[z][red]"] == ("0.6657", "wrong")


NEURON = """# Card deck: one neuron

- x = [1.0, -0.5]
- w = [0.6, 0.2]
- b = -0.3
- target y = 1

Q: a = σ(z)?

A: z = 0.2, a = **0.5498**

Q: binary cross-entropy loss for y = 1?

A: L = −ln(0.5498) = **0.5981**
"""


def test_sigmoid_neuron_binary_cross_entropy(tmp_path):
    """A sigmoid neuron whose document names binary cross-entropy: the loss is −ln a for a target of 1."""
    got = _audit(tmp_path, "cards.md", NEURON)
    assert got["loss[x][1]"] == ("0.5981", "correct") and got["out[x][1]"] == ("0.5498", "correct")
    squared = _audit(tmp_path, "squared.md", NEURON.replace("binary cross-entropy loss", "squared error"))
    assert ("0.5981", "correct") not in squared.values()
