"""Brazilian Portuguese course page (HTML) on backpropagation through one sigmoid neuron: the circuit drawn as an
inline SVG with every forward value (green) and gradient (red) on its wires, gate by gate (*, +, *-1, exp, +1, 1/x),
then the same numbers restated in prose. Exact rounding, 3 decimals."""
from pathlib import Path

from w14lib import *

xs, ws, bs = ["1.5", "-0.5"], ["0.6", "0.8"], "-0.1"
x, w, b = mat(xs), mat(ws), mpf(bs)
p = [wi * xi for wi, xi in zip(w, x)]
z = mpmath.fsum(p) + b
u = -z; v = mpmath.exp(u); s = 1 + v; o = 1 / s
g_o = mpf(1); g_s = -1 / s ** 2; g_v = g_s; g_u = g_v * v; g_z = -g_u
g_w = [xi * g_z for xi in x]; g_x = [wi * g_z for wi in w]; g_b = g_z
assert abs(g_z - o * (1 - o)) < mpf(10) ** -40
zn = float(np.dot(np.array(ws, float), np.array(xs, float)) + float(bs)); on = 1 / (1 + np.exp(-zn))
agree([z, o, g_s, g_u, g_z], [zn, on, -1 / (1 + np.exp(-zn)) ** 2, -np.exp(-zn) / (1 + np.exp(-zn)) ** 2, on * (1 - on)])
agree(g_w + g_x, list(np.array(xs, float) * on * (1 - on)) + list(np.array(ws, float) * on * (1 - on)))
r = lambda q: rnd(q, 3)

d = Doc("svg-neuron-pt", "html",
        "Brazilian Portuguese course page: one sigmoid neuron as an inline SVG circuit (forward values and gradients "
        "on the wires, gate by gate), restated in prose; 3 decimals",
        "one neuron x = (1.5, -0.5), w = (0.6, 0.8), b = -0.1, sigmoid worked gate by gate (gates = true), "
        "upstream gradient 1",
        script=Path(__file__).name)
A = d
A("<!DOCTYPE html>")
A('<html lang="pt-BR">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>Aula 4 – Retropropagação num neurônio sigmoide | Aprendizado Profundo</title>")
A('<link rel="stylesheet" href="/assets/css/curso.css">')
A("</head>")
A("<body>")
A('<nav class="trilha"><a href="/">Início</a> › <a href="/aulas/">Aulas</a> › Aula 4</nav>', nots=["4"])
A("<main>")
A("<h1>Aula 4 – Retropropagação num neurônio sigmoide</h1>", nots=["4"])
A('<p class="meta">Atualizado em 12/09/2023 · Monitoria: Letícia Prado</p>', nots=["12", "09", "2023"])
A("<p>Vamos desenhar o neurônio como um <em>circuito</em>: cada porta recebe valores pela esquerda e devolve o "
  "gradiente pela direita. Entradas: x<sub>1</sub> = 1.5, x<sub>2</sub> = −0.5; pesos w<sub>1</sub> = 0.6, "
  "w<sub>2</sub> = 0.8; viés b = −0.1. O gradiente que chega no fim é 1.</p>")
A("<h2>O circuito</h2>")
A('<svg xmlns="http://www.w3.org/2000/svg" width="760" height="260" viewBox="0 0 760 260" class="circuito">')
A('  <style>.v{fill:#1a7f37;font:13px monospace}.g{fill:#cf222e;font:13px monospace}.n{font:14px sans-serif}</style>', nots=["13", "14"])
pos_ = [40, 150, 260, 370, 480, 590, 700]
labels = [("w1", ws[0], None), ("x1", xs[0], None)]
A('  <text class="n" x="10" y="30">w1</text>')
A(f'  <text class="v" x="10" y="48">{ws[0]}</text>')
A(f'  <text class="g" x="10" y="64">{r(g_w[0])}</text>', claims=[(r(g_w[0]), "grad.n.W[1][1]", "correct")])
A('  <text class="n" x="10" y="90">x1</text>')
A(f'  <text class="v" x="10" y="108">{xs[0]}</text>')
A(f'  <text class="g" x="10" y="124">{r(g_x[0])}</text>', claims=[(r(g_x[0]), "grad.x[x][1]", "correct")])
A('  <text class="n" x="10" y="150">w2</text>')
A(f'  <text class="v" x="10" y="168">{ws[1]}</text>')
A(f'  <text class="g" x="10" y="184">{r(g_w[1])}</text>', claims=[(r(g_w[1]), "grad.n.W[2][1]", "correct")])
A('  <text class="n" x="10" y="210">x2</text>')
A(f'  <text class="v" x="10" y="228">{xs[1]}</text>')
A(f'  <text class="g" x="10" y="244">{r(g_x[1])}</text>', claims=[(r(g_x[1]), "grad.x[x][2]", "correct")])
A('  <circle cx="120" cy="80" r="16" fill="none" stroke="#555"/><text class="n" x="115" y="85">*</text>')
A(f'  <text class="v" x="140" y="70">{r(p[0])}</text>', claims=[(r(p[0]), "n.net.terms[x][1][1]", "correct")])
A(f'  <text class="g" x="140" y="100">{r(g_z)}</text>', claims=[(r(g_z), "grad.n.net.terms[x][1][1]", "correct")])
A('  <circle cx="120" cy="190" r="16" fill="none" stroke="#555"/><text class="n" x="115" y="195">*</text>')
A(f'  <text class="v" x="140" y="180">{r(p[1])}</text>', claims=[(r(p[1]), "n.net.terms[x][1][2]", "correct")])
A(f'  <text class="g" x="140" y="210">{r(g_z)}</text>', claims=[(r(g_z), "grad.n.net.terms[x][1][2]", "correct")])
A('  <text class="n" x="200" y="250">b</text>')
A(f'  <text class="v" x="215" y="250">{bs}</text>')
A(f'  <text class="g" x="250" y="250">{r(g_b)}</text>', claims=[(r(g_b), "grad.n.b[1]", "correct")])
A('  <circle cx="260" cy="135" r="16" fill="none" stroke="#555"/><text class="n" x="255" y="140">+</text>')
A(f'  <text class="v" x="285" y="125">{r(z)}</text>', claims=[(r(z), "n.net[x][1]", "correct")])
A(f'  <text class="g" x="285" y="155">{r(g_z)}</text>', claims=[(r(g_z), "grad.n.net[x][1]", "correct")])
A('  <circle cx="370" cy="135" r="16" fill="none" stroke="#555"/><text class="n" x="358" y="140">*-1</text>')
A(f'  <text class="v" x="395" y="125">{r(u)}</text>', claims=[(r(u), "n.neg[x][1]", "correct")])
A(f'  <text class="g" x="395" y="155">{r(g_u)}</text>', claims=[(r(g_u), "grad.n.neg[x][1]", "correct")])
A('  <circle cx="480" cy="135" r="16" fill="none" stroke="#555"/><text class="n" x="467" y="140">exp</text>')
A(f'  <text class="v" x="505" y="125">{r(v)}</text>', claims=[(r(v), "n.exp[x][1]", "correct")])
A(f'  <text class="g" x="505" y="155">{r(g_v)}</text>', claims=[(r(g_v), "grad.n.exp[x][1]", "correct")])
A('  <circle cx="590" cy="135" r="16" fill="none" stroke="#555"/><text class="n" x="580" y="140">+1</text>')
A(f'  <text class="v" x="615" y="125">{r(s)}</text>', claims=[(r(s), "n.den[x][1]", "correct")])
A(f'  <text class="g" x="615" y="155">{r(g_s)}</text>', claims=[(r(g_s), "grad.n.den[x][1]", "correct")])
A('  <circle cx="700" cy="135" r="16" fill="none" stroke="#555"/><text class="n" x="690" y="140">1/x</text>')
A(f'  <text class="v" x="725" y="125">{r(o)}</text>', claims=[(r(o), "n.out[x][1]", "correct")])
A('  <text class="g" x="725" y="155">1.00</text>', nots=["1.00"])
A('  <path d="M40 60 L104 80 M40 110 L104 80 M40 170 L104 190 M40 230 L104 190" stroke="#999" fill="none"/>')
A("</svg>")
A('<p class="legenda">Figura 1. Valores da passada direta em verde, gradientes em vermelho.</p>', nots=["1"])
A("<h2>Passada direta</h2>")
A(f"<p>A soma ponderada é z = {xs[0]}·{ws[0]} + ({xs[1]})·{ws[1]} + ({bs}) = {r(z)}. Depois, −z = {r(u)}, "
  f"e<sup>−z</sup> = {r(v)}, 1 + e<sup>−z</sup> = {r(s)} e finalmente σ(z) = 1/{r(s)} = {r(o)}.</p>",
  claims=[(r(z), "n.net[x][1]", "correct"), (r(u), "n.neg[x][1]", "correct"), (r(v), "n.exp[x][1]", "correct"),
          (r(s), "n.den[x][1]", "correct"), (r(o), "n.out[x][1]", "correct")],
  opts=[xs[0], ws[0], xs[1], ws[1], bs, r(s)])
A("<h2>Passada de volta</h2>")
A(f"<p>A porta 1/x tem derivada local −1/x², logo o gradiente que sai dela é −1/{r(s)}² = {r(g_s)}. "
  f"A porta +1 apenas repassa: {r(g_v)}. A porta exp multiplica pelo seu valor de saída: "
  f"{r(g_v)} · {r(v)} = {r(g_u)}. A porta *-1 troca o sinal: {r(g_z)}.</p>",
  claims=[(r(g_s), "grad.n.den[x][1]", "correct"), (r(g_v), "grad.n.exp[x][1]", "correct"),
          (r(g_u), "grad.n.neg[x][1]", "correct"), (r(g_z), "grad.n.net[x][1]", "correct")],
  opts=[r(s), r(g_v), r(v)], nots=["1"])
A(f"<p>Confira pelo atalho σ(z)(1 − σ(z)) = {r(o)} · {r(1 - o)} = {r(g_z)}: bate com o circuito.</p>",
  claims=[(r(g_z), "grad.n.net[x][1]", "correct")], opts=[r(o), r(1 - o)])
A(f"<p>Na porta de soma o gradiente se copia para os dois produtos e para o viés (∂/∂b = {r(g_b)}). "
  f"Na multiplicação, cada entrada recebe o gradiente vezes a <em>outra</em> entrada: "
  f"∂/∂w<sub>1</sub> = {xs[0]} · {r(g_z)} = {r(g_w[0])}, ∂/∂x<sub>1</sub> = {ws[0]} · {r(g_z)} = {r(g_x[0])}, "
  f"∂/∂w<sub>2</sub> = {r(g_w[1])}, ∂/∂x<sub>2</sub> = {r(g_x[1])}.</p>",
  claims=[(r(g_b), "grad.n.b[1]", "correct"), (r(g_w[0]), "grad.n.W[1][1]", "correct"),
          (r(g_x[0]), "grad.x[x][1]", "correct"), (r(g_w[1]), "grad.n.W[2][1]", "correct"),
          (r(g_x[1]), "grad.x[x][2]", "correct")], opts=[xs[0], r(g_z), ws[0], r(g_z)])
A('<h2>Exercício</h2>')
A("<p>Refaça o circuito com b = 0.4 e compare. (Resposta na aula 5.)</p>", nots=["0.4", "5"])
A("</main>")
A('<footer>© 2023 Departamento de Computação · Licença CC BY-SA 4.0</footer>', nots=["2023", "4.0"])
A("</body>")
A("</html>")
d.save()
