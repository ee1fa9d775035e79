"""Korean X (Twitter) thread copied as plain text: numbered tweets 1/7 ... 7/7, handle, time and date line, view,
reply, repost and like counts. One sinusoidal positional-encoding row: position 3, d_model 6, base 10000 (sin on
even, cos on odd components): the divisors, the angles, the six PE values, then x + PE for the token at position 3.
One planted slip: cos(3) written without its minus sign. Exact rounding."""
from pathlib import Path

from w20lib import *

pos, dm = 3, 6
div = [mpf(10000) ** (mpf(2 * i) / dm) for i in range(dm // 2)]
ang = [mpf(pos) / v for v in div]
pe = []
for a in ang:
    pe += [mpmath.sin(a), mpmath.cos(a)]
i_ = np.arange(dm // 2)
angn = pos / 10000 ** (2 * i_ / dm)
pen = np.empty(dm); pen[0::2] = np.sin(angn); pen[1::2] = np.cos(angn)
agree(ang, angn); agree(pe, pen)
xs = ["0.12", "-0.45", "0.30", "0.08", "-0.21", "0.66"]
xp = [mpf(a) + b for a, b in zip(xs, pe)]
agree(xp, np.array(xs, float) + pen)
pe_txt = [rnd(v, 4) for v in pe]
CLEAN = pe_txt[1]
assert CLEAN.startswith("-")
SLIP = CLEAN[1:]
pe_shown = [pe_txt[0], SLIP] + pe_txt[2:]
xp2 = [mpf(a) + (mpf(SLIP) if m == 1 else pe[m]) for m, a in enumerate(xs)]   # the slipped PE carried as written
xp_txt = [rnd(v, 4) for v in xp2]
xp_ok = [rnd(v, 4) for v in xp]

d = Doc("x-thread-pe-ko", "txt",
        "Korean X (Twitter) thread as plain text, tweets numbered 1/7 to 7/7 with counts: one sinusoidal PE row "
        "(position 3, d_model 6, base 10000), divisors, angles, PE values, x + PE; one planted slip",
        "sinusoidal positional encoding, base 10000, d_model 6, sin on even and cos on odd components, positions from "
        "0; the row of position 3 and x + PE for the token 먹었다 at that position",
        script=Path(__file__).name,
        note=f"planted slip: PE[3][2] = cos(3) is written {SLIP} instead of {CLEAN} (the minus sign dropped), in tweet "
             f"5 and again in the summary tuple of tweet 6. The second component of x + PE is computed from it "
             f"({xp_txt[1]} instead of {xp_ok[1]}: propagated).")
A = d
A("민준 | 딥러닝 공부중 @minjun_dl")
A("")
A("🧵 1/7", nots=["1/7"])
A("Transformer 위치 인코딩(positional encoding), 수식만 보면 감이 안 와서 숫자 하나하나 직접 계산해봤습니다. "
  "문장 \"나는 밥을 오늘 먹었다\"에서 4번째 단어 먹었다(위치 3, 0부터 셈), d_model = 6 으로요.",
  nots=["4", "3", "0", "6"])
A("오후 10:14 · 2024년 9월 3일 · 조회수 1.8만회", nots=["10:14", "2024", "9", "3", "1.8"])
A("💬 4   🔁 21   ❤️ 137   🔖 58", nots=["4", "21", "137", "58"])
A("")
A("2/7", nots=["2/7"])
A("공식: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)). "
  "i = 0, 1, 2 세 쌍이 나옵니다.", nots=["10000", "0", "1", "2"])
A("")
A("3/7", nots=["3/7"])
dv = [rnd(v, 4) for v in div]
A(f"분모부터. 10000^(0/6) = {lit(div[0])}, 10000^(2/6) = {dv[1]}, 10000^(4/6) = {dv[2]}",
  claims=[(lit(div[0]), "PE.div[1]", "correct"), (dv[1], "PE.div[2]", "correct"), (dv[2], "PE.div[3]", "correct")],
  nots=["0/6", "2/6", "4/6", "10000"])
A("")
A("4/7", nots=["4/7"])
an = [lit(ang[0]), rnd(ang[1], 6), rnd(ang[2], 6)]
A(f"각도 = 3 / 분모: {an[0]}, {an[1]}, {an[2]} (라디안!! 계산기 DEG 모드면 다 틀림 😇)",
  claims=[(t, f"PE.angle[먹었다][{k + 1}]", "correct") for k, t in enumerate(an)], opts=["3"])
A("")
A("5/7", nots=["5/7"])
A(f"sin({an[0]}) = {pe_shown[0]}, cos({an[0]}) = {pe_shown[1]}",
  claims=[(pe_shown[0], "PE[먹었다][1]", "correct"), (pe_shown[1], "PE[먹었다][2]", "wrong")], opts=[an[0], an[0]])
A(f"sin({an[1]}) = {pe_shown[2]}, cos({an[1]}) = {pe_shown[3]}",
  claims=[(pe_shown[2], "PE[먹었다][3]", "correct"), (pe_shown[3], "PE[먹었다][4]", "correct")], opts=[an[1], an[1]])
A(f"sin({an[2]}) = {pe_shown[4]}, cos({an[2]}) = {pe_shown[5]}",
  claims=[(pe_shown[4], "PE[먹었다][5]", "correct"), (pe_shown[5], "PE[먹었다][6]", "correct")], opts=[an[2], an[2]])
A("")
A("6/7", nots=["6/7"])
A("정리하면 PE(3) = (" + ", ".join(pe_shown) + ")",
  claims=[(t, f"PE[먹었다][{m + 1}]", "wrong" if m == 1 else "correct") for m, t in enumerate(pe_shown)], opts=["3"])
A("임베딩 x(먹었다) = (" + ", ".join(xs) + ") 에 더하면")
A("x + PE = (" + ", ".join(xp_txt) + ")",
  claims=[(t, f"x_pe[먹었다][{m + 1}]", "propagated" if m == 1 else "correct") for m, t in enumerate(xp_txt)])
A("")
A("7/7", nots=["7/7"])
A("뒤쪽 차원일수록 각도가 작아서 cos 값이 거의 1 → 느리게 변하는 \"시계바늘\"인 셈. "
  "원 논문은 d_model = 512 라 쌍이 256개입니다. 다음 스레드는 RoPE 🙌", nots=["1", "512", "256"])
A("오후 10:21 · 2024년 9월 3일 · 조회수 9,412회", nots=["10:21", "2024", "9", "3", "9,412"])
A("💬 2   🔁 5   ❤️ 44   🔖 19", nots=["2", "5", "44", "19"])
d.save()
