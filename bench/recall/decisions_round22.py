# ruff: noqa: E501  (data: CJK text counts double width)
"""A fifteenth set, written before any tuning that uses it, held out whole: questions in shapes
and pairs no earlier set used (German questions, some with English words in them, about
English, Japanese and Chinese notes; a question written as a chat message to a teammate,
"@agent quick q re X"; requests inside a long task prompt in new wordings: "tell me which X we
chose before you ...", "look up first what X we ended up with", "作業に入る前に…調べて教えて",
"动手之前先帮我确认一下", and in German; romaji and pinyin with new words for "now", "latest"
and "decided": saishin, genzai, kimatta, muqian, zuixin, utsutta), and never-discussed
questions in the same shapes.

One new project (petrel, a PyTorch training pipeline written about in English, Japanese and
Chinese, asked from `/home/dev/src/petrel`), notes of every kind (session logs replayed through
the real hook as Claude Code, Codex, Gemini CLI and Hermes at their own time, one of three
turns; L2 memories; plain notes a person wrote). Topics:

- **tracker**: experiment tracking said three times: TensorBoard (a person's note) -> MLflow
  (Codex, English) -> Weights & Biases (a Japanese memory);
- **precision**: mixed precision: fp16 (Gemini, Japanese) -> bf16 (Hermes, English);
- **batch**: the per-GPU batch size said three times: 64 (Claude Code, Chinese) -> 32 (Codex,
  English, out of memory) -> 48 (a person's tuning log, no date property: its file time);
- **compile**: torch.compile tried over three turns of one Gemini session, turned off again
  ("switch it off"): the thing tried named only in the first prompt;
- **scheduler**: training jobs on Slurm (Claude Code, English) -> Kubernetes Jobs queued by
  Kueue (a Chinese memory).

Never-discussed questions (kinds `none-request`, `none-romaji`, `none-pinyin`, `none-tried`,
`none-de`); controls (`control`) are answerable, each by the one note that says it.

Every question is asked at `NOW` (Tuesday 2032-02-17, 09:05, Australia/Sydney: summer time, a
southern-hemisphere zone no earlier set used). Families are topic or kind / language pair /
style. Every family is held out (`split_of`): this set is round 22's held-out, its dev is the
earlier sets' (round 21's held-out opened). `python -m bench.recall.newest --set round22`.
"""

from __future__ import annotations

from typing import Any

from bench.recall.decisions import bash, edit, single_turn
from bench.recall.decisions_round13 import memory

NAME = "decisions-round22"
NOW = "2032-02-17T09:05:00+11:00"
TZ = "Australia/Sydney"

PETREL = "/home/dev/src/petrel"


def text(raw: str) -> str:
    return raw.replace("{PETREL}", PETREL)


TRAIN_YAML = f"{PETREL}/configs/train.yaml"

SESSIONS: list[dict[str, Any]] = [
    # --- tracker: [TensorBoard, a person's note] -> MLflow (Codex, English) -> [W&B, a Japanese memory]
    single_turn(
        "p-tracker-2",
        "codex",
        PETREL,
        "2031-08-20T10:00:00",
        "TensorBoard event files are piling up on every box. Move petrel's experiment tracking to MLflow with one tracking server, and log params, metrics and the checkpoint path.",
        [
            bash("pip install mlflow==2.9.2", "Successfully installed mlflow-2.9.2"),
            edit(
                f"{PETREL}/petrel/train/loop.py",
                "writer = SummaryWriter(log_dir)",
                "mlflow.set_tracking_uri(cfg.tracking_uri)\n    mlflow.start_run(run_name=cfg.run_name)",
            ),
        ],
        "petrel now logs experiments to MLflow (tracking server at http://mlflow.internal:5000): params, metrics per step and the checkpoint path as an artifact. SummaryWriter is gone.",
    ),
    # --- precision: fp16 (Gemini, Japanese) -> bf16 (Hermes, English)
    single_turn(
        "p-prec-1",
        "gemini",
        PETREL,
        "2031-07-01T14:00:00",
        "petrel の学習を混合精度にして速くしたい。torch.cuda.amp で fp16 にして、GradScaler も入れてください。",
        [
            edit(
                f"{PETREL}/petrel/train/loop.py",
                "loss = model(batch)",
                "with torch.autocast('cuda', dtype=torch.float16):\n        loss = model(batch)",
            ),
            bash("python -m petrel.train --steps 200", "step 200 loss 2.31 (1.7x faster)"),
        ],
        "fp16 の混合精度に切り替えました。GradScaler を入れて、200 ステップで 1.7 倍速くなっています。",
    ),
    single_turn(
        "p-prec-2",
        "hermes",
        PETREL,
        "2031-11-14T11:00:00",
        "The loss in petrel goes to NaN around step 40k on the long runs and the GradScaler keeps skipping steps. We're on A100s now; switch the autocast dtype to bfloat16 and drop the scaler.",
        [
            edit(
                f"{PETREL}/petrel/train/loop.py",
                "with torch.autocast('cuda', dtype=torch.float16):",
                "with torch.autocast('cuda', dtype=torch.bfloat16):",
            ),
            edit(TRAIN_YAML, "precision: fp16", "precision: bf16"),
        ],
        "Training runs in bf16 autocast now and the GradScaler is removed; the 60k-step run stays finite.",
    ),
    # --- batch: 64 (Claude Code, Chinese) -> 32 (Codex, English) -> [48, a person's note]
    single_turn(
        "p-batch-1",
        "claude-code",
        PETREL,
        "2031-06-10T15:00:00",
        "petrel 的训练配置：每张卡 batch size 设成 64，学习率 3e-4，warmup 1000 步。",
        [edit(TRAIN_YAML, "batch_size: 16", "batch_size: 64")],
        "configs/train.yaml 里每卡 batch_size 已设为 64，lr 3e-4，warmup 1000 步。",
    ),
    single_turn(
        "p-batch-2",
        "codex",
        PETREL,
        "2031-09-22T09:00:00",
        "petrel runs out of GPU memory since we raised the sequence length to 4096. Halve the per-GPU batch size and double gradient accumulation so the effective batch stays the same.",
        [
            edit(TRAIN_YAML, "batch_size: 64\naccumulate: 1", "batch_size: 32\naccumulate: 2"),
            bash("python -m petrel.train --steps 50", "step 50 loss 3.02 peak mem 71.2 GiB"),
        ],
        "The per-GPU batch size is 32 now with accumulate 2; peak memory is 71 GiB of 80.",
    ),
    # --- compile: tried over three turns of one Gemini session, then switched off
    {
        "id": "p-compile-1",
        "agent": "gemini",
        "project": PETREL,
        "start": "2031-10-28T13:00:00",
        "turns": [
            (
                "Wrap petrel's model in torch.compile for the training loop and see what we gain.",
                [
                    edit(
                        f"{PETREL}/petrel/train/loop.py",
                        "model = build_model(cfg)",
                        "model = torch.compile(build_model(cfg), mode='max-autotune')",
                    ),
                    bash("python -m petrel.train --steps 300", "step 300 loss 2.12 (1.25x)"),
                ],
                "About 25% faster per step on the fixed-length benchmark.",
            ),
            (
                "On the real data it keeps pausing for minutes, and the logs say recompiling over and over.",
                [],
                "The batches have variable sequence lengths, so every new shape triggers a recompile; with dynamic shapes marked it still recompiles on the last batch of each epoch and the gain is gone.",
            ),
            (
                "Not worth it. Switch it off.",
                [
                    edit(
                        f"{PETREL}/petrel/train/loop.py",
                        "model = torch.compile(build_model(cfg), mode='max-autotune')",
                        "model = build_model(cfg)",
                    ),
                ],
                "Removed: the model is built as before.",
            ),
        ],
    },
    # --- scheduler: Slurm (Claude Code, English) -> [Kueue on Kubernetes, a Chinese memory]
    single_turn(
        "p-sched-1",
        "claude-code",
        PETREL,
        "2031-06-03T10:00:00",
        "Write an sbatch script for petrel's training runs on the lab's Slurm cluster: 8 GPUs on one node, 48 hours, requeue on preemption.",
        [
            edit(
                f"{PETREL}/scripts/train.sbatch",
                "",
                "#!/bin/bash\n#SBATCH --gres=gpu:8\n#SBATCH --time=48:00:00\n#SBATCH --requeue\nsrun python -m petrel.train",
            ),
        ],
        "scripts/train.sbatch submits petrel's training to Slurm: 8 GPUs, 48 hours, requeued when preempted.",
    ),
]

# (id, vault path, local date-time the file was last written, text)
NOTES: list[tuple[str, str, str, str]] = [
    # --- tracker: the first, a person's note (no date property: its file time)
    (
        "p-tracker-1",
        "notes/petrel setup.md",
        "2031-05-12T20:00:00",
        """# petrel setup

- Experiment tracking: TensorBoard, one log_dir per run under runs/; compare runs with tensorboard --logdir runs.
- Checkpoints every 2000 steps under checkpoints/<run>.
""",
    ),
    # --- tracker: the newest, a Japanese memory
    (
        "p-tracker-3",
        "memories/L2-confirmed/petrel 実験管理.md",
        "2031-12-02T18:00:00",
        memory("{PETREL}", "2031-12-02T18:00:00+11:00")
        + """
# petrel の実験管理

petrel の実験管理は Weights & Biases (wandb) に移行した。MLflow のサーバーは保守する人がいないので停止。sweep もレポートも wandb で行う。プロジェクト名は petrel-train。
""",
    ),
    # --- batch: the newest, a person's tuning log (no date property: its file time)
    (
        "p-batch-3",
        "notes/petrel tuning log.md",
        "2032-01-19T21:00:00",
        """# petrel tuning log

Moved to 48 per GPU (accumulate 1) after the activation checkpointing change freed memory: same loss curve as 32x2, 18% faster per epoch.
""",
    ),
    # --- scheduler: the newest, a Chinese memory
    (
        "p-sched-2",
        "memories/L2-confirmed/petrel 训练任务调度.md",
        "2032-01-08T18:00:00",
        memory("{PETREL}", "2032-01-08T18:00:00+11:00")
        + """
# petrel 训练任务调度

petrel 的训练任务改为提交到 Kubernetes，由 Kueue 排队（ClusterQueue gpu-a100）；实验室的 Slurm 集群已经退役，scripts/train.sbatch 不再使用。提交方式：kubectl create -f k8s/train-job.yaml。
""",
    ),
    # --- a control: a person's plain note
    (
        "p-fill-1",
        "notes/petrel data.md",
        "2031-05-20T20:00:00",
        """# petrel data

The training datasets live in the s3://petrel-data bucket as sharded tar files; a nightly job syncs new shards from the labelling tool.
""",
    ),
]

TOPICS = ("tracker", "precision", "batch", "compile", "scheduler")
PROJECT_OF = {t: PETREL for t in TOPICS}

DQ = tuple[str, str, str, tuple[str, ...], tuple[str, ...]]

_TRACKER = (("p-tracker-3",), ("p-tracker-1", "p-tracker-2"))
_PREC = (("p-prec-2",), ("p-prec-1",))
_BATCH = (("p-batch-3",), ("p-batch-1", "p-batch-2"))
_COMPILE: tuple[tuple[str, ...], tuple[str, ...]] = (("p-compile-1",), ())
_SCHED = (("p-sched-2",), ("p-sched-1",))

# (qid, family, asked from, question, answer, older or other answers)
_ROWS: list[tuple[str, str, str, str, tuple[str, ...], tuple[str, ...]]] = [
    # --- tracker: the newest of three
    ("q01", "tracker/ja-romaji>ja/romaji", PETREL, "petrel no experiment tracking tte saishin wa dore ni kimatta no?", *_TRACKER),
    ("q02", "tracker/en>ja/tellme", PETREL, "Add a learning-rate finder script to petrel under tools/ that sweeps the LR over 100 steps and plots the loss. Tell me which experiment tracker we chose before you write the logging part, and log the curve there. Keep the script under 200 lines.", *_TRACKER),
    ("q03", "tracker/de>ja/question", PETREL, "Welches Experiment-Tracking verwendet petrel inzwischen?", *_TRACKER),
    # --- precision: replaced
    ("q04", "precision/zh-pinyin>en/pinyin", PETREL, "petrel xunlian muqian yong fp16 haishi bf16?", *_PREC),
    ("q05", "precision/zh>en/firstcheck", PETREL, "给 petrel 加一个梯度累积的选项，默认 4 步。动手之前先帮我确认一下我们训练最后定的是哪种混合精度，配置要跟它一致。改完跑一下单元测试。", *_PREC),
    ("q06", "precision/en>en/chat", PETREL, "@agent quick q re petrel - are we on bf16 or fp16 for training these days?", *_PREC),
    # --- batch: the newest of three, a person's note
    ("q07", "batch/ja-romaji>zh/romaji", PETREL, "petrel no batch size wa genzai ikutsu? 64 no mama?", *_BATCH),
    ("q08", "batch/en>en/lookup", PETREL, "Write a config for the new two-GPU box in petrel (configs/box2.yaml). Look up first what per-GPU batch size we ended up with and keep it, then scale the learning rate linearly for two GPUs. Add the config to the README table.", *_BATCH),
    ("q09", "batch/de>en/question", PETREL, "Mit welcher batch size pro GPU trainiert petrel aktuell?", *_BATCH),
    # --- compile: tried, the answer spread over one session's turns
    ("q10", "compile/en>en/tried", PETREL, "Did someone on petrel already give torch.compile a go? What came of it?", *_COMPILE),
    ("q11", "compile/zh-pinyin>en/pinyin", PETREL, "petrel you ren shi guo torch.compile ma? jieguo zenme yang?", *_COMPILE),
    ("q12", "compile/ja>en/lookup", PETREL, "petrel の推論サーバーのレイテンシを下げたいです。作業に入る前に、torch.compile を以前誰かが試したかどうか、どうなったかを調べて教えてください。そのあとプロファイルを取ってください。", *_COMPILE),
    # --- scheduler: replaced
    ("q13", "scheduler/ja-romaji>zh/romaji", PETREL, "petrel no training job wa Slurm kara nani ni utsutta n dakke?", *_SCHED),
    ("q14", "scheduler/en>zh/question", PETREL, "Where do petrel's training jobs get scheduled these days?", *_SCHED),
    ("q15", "scheduler/zh-pinyin>zh/pinyin", PETREL, "petrel de xunlian renwu zuixin shi zai Slurm shang pao haishi Kubernetes?", *_SCHED),
    ("q16", "scheduler/de>zh/request", PETREL, "Leg bitte einen Sweep-Job für petrel an, der drei Lernraten testet. Bevor du anfängst: schau nach, womit wir die Trainingsjobs von petrel jetzt starten, und mach es genauso. Danach die Doku aktualisieren.", *_SCHED),
    # --- never discussed
    ("n01", "none-request/en/tellme", PETREL, "Add early stopping to petrel's trainer with a patience option in the config. Tell me which hyperparameter search library we chose before you wire it in, so the stopping callback fits it. Then add a test.", (), ()),
    ("n02", "none-romaji/ja-romaji/romaji", PETREL, "petrel no data versioning wa DVC ni kimatta?", (), ()),
    ("n03", "none-pinyin/zh-pinyin/pinyin", PETREL, "petrel de moxing zuixin fabu dao na ge model registry?", (), ()),
    ("n04", "none-tried/en/tried", PETREL, "Has anyone already tried DeepSpeed ZeRO on petrel?", (), ()),
    ("n05", "none-de/de/question", PETREL, "Exportiert petrel seine Modelle schon nach ONNX?", (), ()),
    # --- controls: answerable, the one note that says it
    ("c01", "control/en/question", PETREL, "Where does petrel keep its training datasets?", ("p-fill-1",), ()),
    ("c02", "control/zh-pinyin>en/pinyin", PETREL, "petrel de training dataset fang zai nali?", ("p-fill-1",), ()),
]  # fmt: skip

DQUESTIONS: list[DQ] = [(q, f, t, g, s) for q, f, _p, t, g, s in _ROWS]
CWD = {q: p for q, _f, p, _t, _g, _s in _ROWS}


def split_of(qid: str, family: str) -> str:
    """Every family is held out: this set is round 22's held-out, written before its tuning; the
    dev questions are the earlier sets' (round 21's held-out among them, `newest.OPENED`)."""
    return "held-out"
