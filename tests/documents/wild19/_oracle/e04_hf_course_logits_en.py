"""English Hugging Face course-style Markdown page (FrameworkSwitchCourse, CourseFloatingBanner, <Tip>, ```python
and ```python out blocks): the LM head of a tiny causal model: last_hidden_state [1, 3, 4] of <bos> ▁the ▁cat
(given) times the tied embedding of a 6-piece vocabulary -> logits [1, 3, 6]; softmax of the last position, the
greedy choice, the same at temperature 0.6, then the shifted cross-entropy loss over the two predictable
positions and its perplexity, printed as scalar tensors. Exact rounding, no slip."""
from pathlib import Path

from w19lib import *

vocab = ["<bos>", "▁the", "▁cat", "▁sat", "▁on", "▁mat"]
seq = ["<bos>", "▁the", "▁cat"]
Hs = [["0.12", "-0.35", "0.48", "0.07"], ["0.56", "0.21", "-0.14", "0.39"], ["-0.23", "0.64", "0.31", "0.52"]]
Es = [["0.1", "-0.2", "0.3", "0.0"], ["0.4", "0.6", "-0.3", "0.2"], ["-0.5", "0.3", "0.8", "0.1"],
      ["0.2", "0.9", "0.4", "0.6"], ["0.6", "-0.1", "0.2", "-0.4"], ["-0.3", "0.5", "-0.6", "0.8"]]
Lg, P = lm_head(Hs, Es)
T = mpf("0.6")
PT = softmax([z / T for z in Lg[2]])
tgt = [1, 2]
nll = [-mpmath.log(P[i][tgt[i]]) for i in range(2)]
loss = mpmath.fsum(nll) / 2
ppl = mpmath.exp(loss)
Ln = np.array(Hs, float) @ np.array(Es, float).T
Pn = np_softmax(Ln)
agree(PT, np_softmax(Ln[2] / 0.6))
ln_ = -np.log(Pn[[0, 1], [1, 2]]).mean()
agree([loss, ppl], [ln_, np.exp(ln_)])
greedy = max(range(6), key=lambda j: P[2][j])
assert greedy == max(range(6), key=lambda j: PT[j]) == 3

d = Doc("hf-course-logits-en", "md",
        "English Hugging Face course-style Markdown page: the LM head of a tiny causal model over <bos> ▁the ▁cat, "
        "logits [1, 3, 6] from last_hidden_state times the tied embedding, softmax of the last position, greedy "
        "choice, temperature 0.6, shifted cross-entropy and perplexity as scalar tensors",
        "output head tied to a 6-piece vocabulary (logits = h E^T) on three hidden states; softmax, T = 0.6, "
        "cross-entropy of the next tokens ▁the, ▁cat averaged, perplexity",
        script=Path(__file__).name)
A = d
A("<FrameworkSwitchCourse {fw} />")
A("")
A("# From hidden states to the next token[[from-hidden-states-to-the-next-token]]")
A("")
A('<CourseFloatingBanner chapter={1}', nots=["1"])
A('  classNames="absolute z-10 right-0 top-0"', nots=["10", "0"])
A('  notebooks={[')
A('    {label: "Google Colab", value: "https://colab.research.google.com/github/tiny-lm-course/notebooks/blob/main/'
  'course/en/chapter1/section7.ipynb"},', nots=["1", "7"])
A(']} />')
A("")
A("In the previous section the model turned our prompt into one hidden vector per token. Here we follow the last "
  "step of a causal language model: the **language-modeling head**. We use a toy model so small that every number "
  "fits on the screen: `hidden_size=4` and a vocabulary of 6 pieces.", nots=["4", "6"])
A("")
A("<Tip>")
A("")
A("💡 Like GPT-2, our toy model *ties* its output layer to the input embeddings: the logits are the hidden state "
  "times the transposed embedding matrix, with no bias.", nots=["2"])
A("")
A("</Tip>")
A("")
A("```python")
A("import torch")
A("import torch.nn.functional as F")
A("")
A("torch.set_printoptions(precision=4)")
A("")
A("vocab = [" + ", ".join(f'"{v}"' for v in vocab) + "]")
A("input_ids = torch.tensor([[0, 1, 2]])  # <bos> ▁the ▁cat", nots=["0", "1", "2"])
A("```")
A("")
A("Here is the output of the last decoder layer for our three positions, and the embedding matrix:", nots=[])
A("")
A("```python")
A("hidden = outputs.last_hidden_state.detach()")
A("hidden")
A("```")
A("")
A("```python out")
for l in torch_nd([Hs])[0]:
    A(l)
A("```")
A("")
A("```python")
A("wte = model.get_input_embeddings().weight  # shape (vocab_size, hidden_size) = (6, 4)", nots=["6", "4"])
A("wte")
A("```")
A("")
A("```python out")
A("Parameter containing:")
wl = torch_nd(Es)[0]
wl[-1] = wl[-1][:-1] + ", requires_grad=True)"
for l in wl:
    A(l)
A("```")
A("")
A("## The logits[[the-logits]]")
A("")
A("```python")
A("with torch.no_grad():")
A("    logits = hidden @ wte.T")
A("print(logits.shape)")
A("logits")
A("```")
A("")
A("```python out")
A("torch.Size([1, 3, 6])", nots=["1", "3", "6"])
ln, ce = torch_nd([Lg])
for it in t_items(ln, ce, lambda i: (f"logits[{seq[i[1]]}][{vocab[i[2]]}]", "correct")):
    d(it[0], claims=it[1], opts=it[2])
A("```")
A("")
A("Each row scores the 6 pieces as candidates for the *next* token. Only the last row matters for generation.",
  nots=["6"])
A("")
A("```python")
A("probs = logits[:, -1, :].softmax(dim=-1)")
A("probs")
A("```")
A("")
A("```python out")
ln, ce = torch_nd([P[2]])
for it in t_items(ln, ce, lambda i: (f"probs[▁cat][{vocab[i[1]]}]", "correct")):
    d(it[0], claims=it[1], opts=it[2])
A("```")
A("")
A("Greedy decoding simply takes the largest one:")
A("")
A("```python")
A("next_id = probs.argmax(dim=-1)")
A("next_id, vocab[next_id.item()]")
A("```")
A("")
A("```python out")
A(f"(tensor([{greedy}]), '{vocab[greedy]}')", nots=[str(greedy)])
A("```")
A("")
s = rnd(P[2][greedy] * 100, 1, 3e-7)
A(f"So the model continues *the cat* with **▁sat**, which gets {s}% of the probability mass.",
  claims=[(s + "%", "probs[▁cat][▁sat]", "correct")])
A("")
A("## Sampling temperature[[sampling-temperature]]")
A("")
A("Dividing the logits by a temperature below 1 sharpens the distribution before sampling:", nots=["1"])
A("")
A("```python")
A("temperature = 0.6", nots=["0.6"])
A("(logits[:, -1, :] / temperature).softmax(dim=-1)")
A("```")
A("")
A("```python out")
ln, ce = torch_nd([PT])
for it in t_items(ln, ce, lambda i: (f"probs[T=0.6][{vocab[i[1]]}]", "correct")):
    d(it[0], claims=it[1], opts=it[2])
A("```")
A("")
s2 = rnd(PT[greedy] * 100, 1, 3e-7)
A(f"**▁sat** now gets {s2}%. The greedy choice is the same at any temperature, since dividing by T keeps the order.",
  claims=[(s2 + "%", "probs[T=0.6][▁sat]", "correct")])
A("")
A("## Loss and perplexity[[loss-and-perplexity]]")
A("")
A("During training, the labels are the inputs shifted by one: position 0 must predict `▁the`, position 1 must "
  "predict `▁cat`. The last position has no label.", nots=["0", "1"])
A("")
A("```python")
A("shift_logits = logits[:, :-1, :].reshape(-1, len(vocab))")
A("shift_labels = input_ids[:, 1:].reshape(-1)")
A("loss = F.cross_entropy(shift_logits, shift_labels)")
A("loss")
A("```")
A("")
A("```python out")
A(torch_scalar(loss), claims=[(rnd(loss, 4, 3e-7), "loss", "correct")])
A("```")
A("")
A("```python")
A("torch.exp(loss)")
A("```")
A("")
A("```python out")
A(torch_scalar(ppl), claims=[(rnd(ppl, 4, 3e-7), "ppl", "correct")])
A("```")
A("")
A(f"A perplexity of about {rnd(ppl, 2)} means the model is, on average, as unsure as if it picked uniformly among "
  f"{rnd(ppl, 2)} pieces. That is worse than the 6 a blind uniform guess over our vocabulary would score: this toy "
  "model was never trained.",
  claims=[(rnd(ppl, 2), "ppl", "correct"), (rnd(ppl, 2), "ppl", "correct")], nots=["6"])
A("")
A("<Tip>")
A("")
A("✏️ **Try it out!** Change `temperature` to 1.5 and check that the distribution gets flatter.", nots=["1.5"])
A("")
A("</Tip>")
d.save()
