"""Spanish Hashnode post exported as Markdown (front matter with datePublished, cuid, slug, cover, tags), emoji-free
headings, inline $…$ LaTeX, a computational graph of one sigmoid neuron drawn in ASCII in a code block (values on the
edges, gradients in [brackets]), then the forward pass gate by gate (w·x products, sum, −z, e^u, 1 + v, 1/s, the
squared error ½(y − t)²), the backward pass node by node, one gradient-descent step (η = 0.5) and the new forward
pass. One planted slip in the gradient at the exp node, carried into every gradient before it and the update."""
from pathlib import Path

from w8lib import *

x1, x2, w1, w2, b, t, eta = (mpf(v) for v in ("1.5", "-0.8", "0.6", "0.4", "-0.2", "1", "0.5"))
F = lambda v: rnd(v, 4)


def forward(w1, w2, b):
    a1, a2 = w1 * x1, w2 * x2
    z = a1 + a2 + b
    u = -z
    v = mpmath.exp(u)
    s = 1 + v
    y = 1 / s
    return dict(a1=a1, a2=a2, z=z, u=u, v=v, s=s, y=y, L=(y - t) ** 2 / 2)


f = forward(w1, w2, b)
gy = f["y"] - t
gs = gy * (-1 / f["s"] ** 2)
gv = gs
gu_c = gv * f["v"]
tu = F(gu_c)
SLIP = tu[:-2] + tu[-1] + tu[-2]
assert SLIP != tu


def back(gu):
    gz = -gu
    return dict(gz=gz, ga1=gz, ga2=gz, gb=gz, gw1=gz * x1, gx1=gz * w1, gw2=gz * x2, gx2=gz * w2)


Bs, Bc = back(mpf(SLIP)), back(gu_c)
Us = dict(w1=w1 - eta * Bs["gw1"], w2=w2 - eta * Bs["gw2"], b=b - eta * Bs["gb"])
Uc = dict(w1=w1 - eta * Bc["gw1"], w2=w2 - eta * Bc["gw2"], b=b - eta * Bc["gb"])
Ns, Nc = forward(Us["w1"], Us["w2"], Us["b"]), forward(Uc["w1"], Uc["w2"], Uc["b"])
# float64 check of the clean run
zf = 0.6 * 1.5 + 0.4 * -0.8 - 0.2; yf = 1 / (1 + np.exp(-zf)); gzf = (yf - 1) * yf * (1 - yf)
agree([f["y"], Bc["gz"], Bc["gw1"], Bc["gw2"]], [yf, gzf, gzf * 1.5, gzf * -0.8])
agree([Nc["y"]], [1 / (1 + np.exp(-((0.6 - 0.5 * gzf * 1.5) * 1.5 + (0.4 - 0.5 * gzf * -0.8) * -0.8 - 0.2 - 0.5 * gzf)))])

d = Doc("hashnode-neurona-es", "md",
        "Spanish Hashnode post exported as Markdown (front matter with datePublished/cuid/slug/cover/tags, inline $ "
        "LaTeX): one sigmoid neuron x1, x2, w1, w2, b, t = 1, squared error, drawn as an ASCII computational graph "
        "with values and [gradients]; forward gate by gate (products, sum, -z, exp, 1+v, 1/s, L), backward node by "
        "node, one SGD step (eta 0.5), new forward pass; one planted slip",
        "one neuron y = sigmoid(w1 x1 + w2 x2 + b) worked gate by gate (u = -z, v = e^u, s = 1 + v, y = 1/s), "
        "L = ½(y - t)², t = 1, backward, one SGD step with eta = 0.5, new forward pass",
        script=Path(__file__).name,
        note=f"planted slip: the gradient at the exp node, ∂L/∂u = ∂L/∂v · e^u, is written {SLIP} instead of {tu} (last "
             "two digits swapped), in the text and in the graph; ∂L/∂z, ∂L/∂a1, ∂L/∂a2, ∂L/∂b, the gradients of w1, "
             "w2, x1, x2, the three updated parameters and the new z, y and L are propagated (values printing the same "
             "are any); the forward pass and ∂L/∂y, ∂L/∂s, ∂L/∂v are correct")
A = d
S4 = lambda k: (F(Bs[k]), fate(F(Bs[k]), F(Bc[k])))


def g(k, q):
    txt, v = S4(k)
    return (txt, q, v)


A("---")
A('title: "Una neurona sigmoide hacia delante y hacia atrás, dibujada como grafo"')
A("datePublished: Mon Feb 12 2024 18:30:00 GMT+0000 (Coordinated Universal Time)",
  nots=["12", "2024", "18", "30", "00", "0000"])
A("cuid: clsj8k2ab000308l4e9xq1f2m")
A("slug: neurona-sigmoide-grafo-computacional")
A("cover: https://cdn.hashnode.com/res/hashnode/image/upload/v1707762600417/9c1f7e2a-neurona.png")
A("tags: machine-learning, deep-learning, backpropagation, espanol")
A("")
A("---")
A("")
A("La retropropagación parece magia hasta que la haces **una vez** con lápiz y papel. En este post tomo la red más "
  "pequeña posible, una sola neurona con activación sigmoide, la descompongo en operaciones elementales y paso el "
  "gradiente hacia atrás nodo por nodo, como en los apuntes de CS231n.", nots=["231"])
A("")
A("## Los datos")
A("")
A("| entrada | peso |")
A("|---|---|")
A("| $x_1 = 1.5$ | $w_1 = 0.6$ |")
A("| $x_2 = -0.8$ | $w_2 = 0.4$ |")
A("| sesgo | $b = -0.2$ |")
A("")
A("El objetivo es $t = 1$ y la pérdida, el error cuadrático $L = \\tfrac{1}{2}(y - t)^2$. La tasa de aprendizaje es "
  "$\\eta = 0.5$.", nots=["1", "1", "2", "2", "0.5"])
A("")
A("## El grafo")
A("")
A("Encima de cada flecha va el valor que pasa hacia delante; entre corchetes, el gradiente $\\partial L/\\partial(\\cdot)$ "
  "que vuelve hacia atrás.")
A("")
A("```text")
p1 = f"  x1 =  1.5  [{F(Bs['gx1']):>7}] ──┐"
p2 = f"                       (*)── a1 = {F(f['a1'])} [{F(Bs['ga1'])}] "
p3 = f"  w1 =  0.6  [{F(Bs['gw1']):>7}] ──┘"
p4 = f"  x2 = -0.8  [{F(Bs['gx2']):>7}] ──┐"
p5 = f"                       (*)── a2 = {F(f['a2'])} [{F(Bs['ga2'])}] "
p6 = f"  w2 =  0.4  [{F(Bs['gw2']):>7}] ──┘"
p7 = f"  b  = -0.2  [{F(Bs['gb']):>7}] "
col = max(len(p2), len(p5)) + 3
A(p1, claims=[g("gx1", "grad.x[1]")], opts=["1.5"])
A(p2 + "─" * (col - len(p2)) + "┐", claims=[(F(f["a1"]), "n.terms[1]", "correct"), g("ga1", "grad.n.terms[1]")])
A(p3.ljust(col) + "│", claims=[g("gw1", "grad.w[1]")], opts=["0.6"])
A(p4.ljust(col) + "│", claims=[g("gx2", "grad.x[2]")], opts=["-0.8"])
A(p5 + "─" * (col - 1 - len(p5)) + f"(+)── z = {F(f['z'])} [{F(Bs['gz'])}]",
  claims=[(F(f["a2"]), "n.terms[2]", "correct"), g("ga2", "grad.n.terms[2]"), (F(f["z"]), "n.net", "correct"),
          g("gz", "grad.n.net")])
A(p6.ljust(col) + "│", claims=[g("gw2", "grad.w[2]")], opts=["0.4"])
A(p7 + "─" * (col - len(p7)) + "┘", claims=[g("gb", "grad.b")], opts=["-0.2"])
A("")
A(f"  z ─(*-1)─ u = {F(f['u'])} [{SLIP}] ─(exp)─ v = {F(f['v'])} [{F(gv)}] ─(+1)─ s = {F(f['s'])} [{F(gs)}]",
  claims=[(F(f["u"]), "n.neg", "correct"), (SLIP, "grad.n.neg", "wrong"), (F(f["v"]), "n.exp", "correct"),
          (F(gv), "grad.n.exp", "correct"), (F(f["s"]), "n.den", "correct"), (F(gs), "grad.n.den", "correct")],
  nots=["-1", "1"])
A(f"  s ─(1/x)─ y = {F(f['y'])} [{F(gy)}] ─(½(y-t)²)─ L = {F(f['L'])} [1]",
  claims=[(F(f["y"]), "n.out", "correct"), (F(gy), "grad.n.out", "correct"), (F(f["L"]), "loss", "correct")],
  nots=["1"])
A("```")
A("")
A("## 1. Hacia delante")
A("")
A(f"- Productos: $a_1 = w_1 x_1 = 0.6 \\cdot 1.5 = {F(f['a1'])}$ y $a_2 = w_2 x_2 = 0.4 \\cdot (-0.8) = {F(f['a2'])}$.",
  claims=[(F(f["a1"]), "n.terms[1]", "correct"), (F(f["a2"]), "n.terms[2]", "correct")],
  opts=["0.6", "1.5", "0.4", "-0.8"], nots=["1", "1", "1", "2", "2", "2"])
A(f"- Suma: $z = a_1 + a_2 + b = {F(f['a1'])} + ({F(f['a2'])}) + (-0.2) = {F(f['z'])}$.",
  claims=[(F(f["z"]), "n.net", "correct")], opts=[F(f["a1"]), F(f["a2"]), "-0.2"], nots=["1", "2"])
A(f"- Cambio de signo: $u = -z = {F(f['u'])}$.", claims=[(F(f["u"]), "n.neg", "correct")])
A(f"- Exponencial: $v = e^{{u}} = e^{{{F(f['u'])}}} = {F(f['v'])}$.", claims=[(F(f["v"]), "n.exp", "correct")],
  opts=[F(f["u"])])
A(f"- Más uno: $s = 1 + v = {F(f['s'])}$.", claims=[(F(f["s"]), "n.den", "correct")], nots=["1"])
A(f"- Inverso: $y = 1/s = 1/{F(f['s'])} = {F(f['y'])}$.", claims=[(F(f["y"]), "n.out", "correct")],
  opts=[F(f["s"])], nots=["1", "1"])
A(f"- Pérdida: $L = \\tfrac{{1}}{{2}}({F(f['y'])} - 1)^2 = {F(f['L'])}$.", claims=[(F(f["L"]), "loss", "correct")],
  opts=[F(f["y"])], nots=["1", "2", "1", "2"])
A("")
A("## 2. Hacia atrás")
A("")
A("Empezamos con $\\partial L/\\partial L = 1$ y aplicamos la regla de la cadena en cada compuerta, de derecha a "
  "izquierda:", nots=["1"])
A("")
A(f"- Pérdida: $\\partial L/\\partial y = y - t = {F(f['y'])} - 1 = {F(gy)}$.",
  claims=[(F(gy), "grad.n.out", "correct")], opts=[F(f["y"])], nots=["1"])
A(f"- Inverso ($d(1/s)/ds = -1/s^2$): $\\partial L/\\partial s = {F(gy)} \\cdot (-1/{F(f['s'])}^2) = {F(gs)}$.",
  claims=[(F(gs), "grad.n.den", "correct")], opts=[F(gy), F(f["s"])], nots=["1", "2", "1", "1", "2"])
A(f"- Más uno (deja pasar el gradiente): $\\partial L/\\partial v = {F(gv)}$.",
  claims=[(F(gv), "grad.n.exp", "correct")])
A(f"- Exponencial ($de^u/du = e^u = v$): $\\partial L/\\partial u = {F(gv)} \\cdot {F(f['v'])} = {SLIP}$.",
  claims=[(SLIP, "grad.n.neg", "wrong")], opts=[F(gv), F(f["v"])])
A(f"- Cambio de signo: $\\partial L/\\partial z = -\\partial L/\\partial u = {F(Bs['gz'])}$.",
  claims=[g("gz", "grad.n.net")])
A(f"- La suma reparte el mismo gradiente a sus tres entradas: $\\partial L/\\partial a_1 = \\partial L/\\partial a_2 = "
  f"\\partial L/\\partial b = {F(Bs['gz'])}$.", claims=[g("gb", "grad.b")], nots=["1", "2"])
A(f"- Cada producto intercambia sus factores: $\\partial L/\\partial w_1 = {F(Bs['gz'])} \\cdot 1.5 = {F(Bs['gw1'])}$, "
  f"$\\partial L/\\partial w_2 = {F(Bs['gz'])} \\cdot (-0.8) = {F(Bs['gw2'])}$.",
  claims=[g("gw1", "grad.w[1]"), g("gw2", "grad.w[2]")], opts=[F(Bs["gz"]), F(Bs["gz"]), "1.5", "-0.8"],
  nots=["1", "2"])
A(f"- Y, aunque no los vamos a usar, $\\partial L/\\partial x_1 = {F(Bs['gz'])} \\cdot 0.6 = {F(Bs['gx1'])}$ y "
  f"$\\partial L/\\partial x_2 = {F(Bs['gz'])} \\cdot 0.4 = {F(Bs['gx2'])}$.",
  claims=[g("gx1", "grad.x[1]"), g("gx2", "grad.x[2]")], opts=[F(Bs["gz"]), F(Bs["gz"]), "0.6", "0.4"],
  nots=["1", "2"])
A("")
A("## 3. Un paso de descenso de gradiente")
A("")
A("Con $\\eta = 0.5$ y la regla $\\theta \\leftarrow \\theta - \\eta\\, \\partial L/\\partial\\theta$:", nots=["0.5"])
A("")
for k, name, old, gk in (("w1", "w_1", "0.6", "gw1"), ("w2", "w_2", "0.4", "gw2"), ("b", "b", "-0.2", "gb")):
    A(f"- ${name} \\leftarrow {old} - 0.5 \\cdot ({F(Bs[gk])}) = {F(Us[k])}$",
      claims=[(F(Us[k]), f"step1.{k}", fate(F(Us[k]), F(Uc[k])))], opts=[old, F(Bs[gk])],
      nots=["0.5"] + (["1"] if k == "w1" else ["2"] if k == "w2" else []))
A("")
A("## 4. ¿Ha mejorado?")
A("")
A(f"Repitiendo la pasada hacia delante con los pesos nuevos: $z = {F(Ns['z'])}$, $y = {F(Ns['y'])}$ y "
  f"$L = {F(Ns['L'])}$, frente a la pérdida de antes, {F(f['L'])}. La salida se acerca a 1, que es lo que queríamos.",
  claims=[(F(Ns["z"]), "step1.n.net", fate(F(Ns["z"]), F(Nc["z"]))),
          (F(Ns["y"]), "step1.n.out", fate(F(Ns["y"]), F(Nc["y"]))),
          (F(Ns["L"]), "step1.loss", fate(F(Ns["L"]), F(Nc["L"]))), (F(f["L"]), "loss", "correct")], nots=["1"])
A("")
A("> Truco para comprobar: para la sigmoide, $\\partial y/\\partial z = y(1 - y)$, así que todo el tramo desde $s$ "
  "hasta $z$ se puede hacer de una vez. Hacerlo compuerta a compuerta, sin embargo, es lo que hace PyTorch por dentro.",
  nots=["1"])
A("")
A("*Si te ha servido, deja un comentario o comparte el post.*")
d.save()
